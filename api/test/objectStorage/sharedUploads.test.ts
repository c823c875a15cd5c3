import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { loadS3Settings } from '../../src/config';
import { bearer, registerAndLogin, startAuthApp, type AuthTestApp } from '../support/authTestKit';
import { startS3Server, type TestS3Server } from '../support/s3Server';
import { oneDatabase, useScratchDatabase } from '../support/testDatabases';
import { authHeader, createUser, startServiceApp, type ServiceApp } from '../support/serviceTestKit';
import { plainPng } from '../support/hostileImages';

function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----evshop${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const photo = () => sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();

describe.each(oneDatabase())('uploads in an S3 bucket shared by two API instances on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let s3: TestS3Server;
  let one: AuthTestApp;
  let two: AuthTestApp;

  beforeAll(async () => {
    s3 = await startS3Server();
    const objectStorage = loadS3Settings(s3.env, 'test');
    // Each instance has a disk of its own, as two hosts would.
    one = await startAuthApp(scratch.db, { configOverrides: { objectStorage } });
    two = await startAuthApp(scratch.db, { configOverrides: { objectStorage } });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await s3.close();
  });

  it('serves an avatar uploaded through one instance from the other, with the same headers, and deletes it from the bucket when replaced', async () => {
    expect(one.config.uploadDir).not.toBe(two.config.uploadDir);
    const { session } = await registerAndLogin(one.app);
    const form = multipart('avatar', 'anh.png', 'image/png', await photo());
    const uploaded = await one.app.inject({ method: 'POST', url: '/api/auth/upload-avatar', payload: form.payload, headers: { ...form.headers, ...bearer(session.accessToken) } });
    expect(uploaded.statusCode).toBe(200);
    const avatar = uploaded.json().data.avatar as string;
    expect(avatar).toMatch(/^\/api\/media\/avatars\/[a-f0-9]{32}\.webp$/);

    const served = await two.app.inject({ method: 'GET', url: avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 256, 256]);
    // Nothing is left on either instance's disk but the encoder's folder.
    const avatarsOnDisk = path.join(one.config.uploadDir, 'avatars');
    expect(existsSync(avatarsOnDisk) ? readdirSync(avatarsOnDisk) : []).toEqual([]);

    const again = multipart('avatar', 'moi.png', 'image/png', await photo());
    const replaced = await two.app.inject({ method: 'POST', url: '/api/auth/upload-avatar', payload: again.payload, headers: { ...again.headers, ...bearer(session.accessToken) } });
    expect(replaced.statusCode).toBe(200);
    expect((await one.app.inject({ method: 'GET', url: replaced.json().data.avatar })).statusCode).toBe(200);
    expect((await one.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(404);
  });

  it('answers 404 in Vietnamese for a name the bucket does not hold', async () => {
    const missing = await two.app.inject({ method: 'GET', url: `/api/media/avatars/${'b'.repeat(32)}.webp` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Không tìm thấy ảnh đại diện.');
  });

  it('is ready while the bucket answers, and says so in Vietnamese when the bucket is missing', async () => {
    const ready = await one.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data.checks.uploads.ok).toBe(true);

    const noBucket = await startAuthApp(scratch.db, { configOverrides: { objectStorage: loadS3Settings({ ...s3.env, S3_BUCKET: 'khong-co-bucket' }, 'test') } });
    try {
      const answer = await noBucket.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json().message).toBe('Hệ thống chưa sẵn sàng: không truy cập được bucket lưu tệp (S3_BUCKET).');
      expect(answer.json().data.checks.uploads.ok).toBe(false);
    } finally {
      await noBucket.close();
    }
  });
});

describe.each(oneDatabase())('product photos in an S3 bucket shared by two API instances on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let s3: TestS3Server;
  let one: ServiceApp;
  let two: ServiceApp;

  beforeAll(async () => {
    s3 = await startS3Server();
    const objectStorage = loadS3Settings(s3.env, 'test');
    one = await startServiceApp(scratch.db, { configOverrides: { objectStorage } });
    two = await startServiceApp(scratch.db, { configOverrides: { objectStorage } });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await s3.close();
  });

  it('lets the admin upload a photo on one instance, name it on a product saved through the other, and the shop show it from either', async () => {
    const admin = await createUser(scratch.db, 'admin');
    const form = multipart('file', 'anh.png', 'image/png', await plainPng(640, 480));
    const uploaded = await one.app.inject({ method: 'POST', url: '/api/admin/catalogue/product-images', headers: { ...(await authHeader(one.app, admin)), ...form.headers }, payload: form.payload });
    expect(uploaded.statusCode).toBe(200);
    const image = uploaded.json().data as { path: string; url: string; width: number; height: number };
    expect([image.width, image.height]).toEqual([640, 480]);

    const categoryId = (await scratch.db.selectFrom('catalogue_categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const brandId = (await scratch.db.selectFrom('catalogue_brands').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const created = await two.app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/products',
      headers: await authHeader(two.app, admin),
      payload: { name: 'Bộ sạc Thử Kho Ảnh', sku: `S3-${process.pid}-${Date.now()}`, categoryId, brandId, price: 1_500_000, vatRate: 10, unit: 'bộ', status: 'published', images: [{ path: image.path, alt: 'Mặt trước' }] },
    });
    expect(created.statusCode).toBe(201);
    // The size the other instance read from the bucket (it has no file of its own).
    expect(created.json().data.images[0]).toMatchObject({ path: image.path, width: 640, height: 480 });
    const served = await two.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(640);
  });
});
