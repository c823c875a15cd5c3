import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { profileResponseSchema } from 'shared-contracts/schemas';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';
import { bearer, registerAndLogin, startAuthApp, type AuthTestApp } from '../../support/authTestKit';

/** A multipart body with the given files (what a browser's FormData sends). */
function multipart(files: { field: string; filename: string; contentType: string; bytes: Buffer }[]) {
  const boundary = `----evshop${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function photo(format: 'png' | 'jpeg' | 'webp', width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 16, g: 185, b: 129 } } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#fff"/></svg>`) }])
    .toFormat(format)
    .toBuffer();
}

describe.each(productionDatabase())('profile and avatar on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let t: AuthTestApp;

  beforeAll(async () => {
    t = await startAuthApp(scratch.db);
  });
  afterAll(() => t.close());

  describe('GET /api/Auth/profile', () => {
    it("answers the signed-in user's profile with the spec's field names", async () => {
      const { body, session } = await registerAndLogin(t.app);
      const response = await t.app.inject({ method: 'GET', url: '/api/Auth/profile', headers: bearer(session.accessToken) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(profileResponseSchema.parse(response.json()).data).toEqual({
        id: session.userId,
        userId: session.userId,
        fullName: body.fullName,
        email: body.email,
        role: 'customer',
        emailVerified: false,
        avatar: null,
        avatarUrl: null,
        phoneNumber: body.phoneNumber,
        address: body.address,
        dateOfBirth: body.dateOfBirth,
        gender: 'MALE',
        forecastEmails: true,
        // No structured delivery address saved yet, no ward left to choose (issue 65).
        deliveryAddress: null,
        deliveryAddressChoice: null,
      });
    });

    it('answers 401 without a token', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/profile' });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Vui lòng đăng nhập để tiếp tục.');
    });
  });

  describe('PUT /api/Auth/profile', () => {
    it('accepts the alternative spellings and answers with the spec names', async () => {
      const { session } = await registerAndLogin(t.app);
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/Auth/profile',
        headers: bearer(session.accessToken),
        payload: { fullName: '  Trần Thị Mai ', phone: '+84 988 777 666', dob: '1990-12-31', gender: 'female', address: '5 Lê Lợi, phường Bến Thành, TP. Hồ Chí Minh' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Cập nhật hồ sơ thành công.');
      expect(profileResponseSchema.parse(response.json()).data).toMatchObject({
        fullName: 'Trần Thị Mai',
        phoneNumber: '0988777666',
        dateOfBirth: '1990-12-31',
        gender: 'FEMALE',
        address: '5 Lê Lợi, phường Bến Thành, TP. Hồ Chí Minh',
      });
      const again = await t.app.inject({ method: 'GET', url: '/api/Auth/profile', headers: bearer(session.accessToken) });
      expect(again.json().data.phoneNumber).toBe('0988777666');
    });

    it('keeps the fields it was not sent, ignores email and role, clears a field sent as null', async () => {
      const { body, session } = await registerAndLogin(t.app);
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers: bearer(session.accessToken),
        payload: { email: 'doi.email@example.vn', role: 'admin', address: null },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ email: body.email, role: 'customer', address: null, fullName: body.fullName, phoneNumber: body.phoneNumber });
    });

    it('refuses an invalid phone, date or gender with 400 field errors', async () => {
      const { session } = await registerAndLogin(t.app);
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers: bearer(session.accessToken),
        payload: { phoneNumber: '123', dateOfBirth: '31/12/1990', gender: 'X' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((error: { field: string }) => error.field).sort()).toEqual(['dateOfBirth', 'gender', 'phoneNumber']);
      const future = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(session.accessToken), payload: { dob: '2999-01-01' } });
      expect(future.json().errors).toEqual([{ field: 'dateOfBirth', message: 'Ngày sinh không được ở tương lai.' }]);
    });

    it("refuses another user's phone number with 409", async () => {
      const first = await registerAndLogin(t.app);
      const second = await registerAndLogin(t.app);
      const response = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(second.session.accessToken), payload: { phoneNumber: first.body.phoneNumber } });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'PHONE_TAKEN' });
    });

    it('does not let an avatar URL be set by hand (only uploads, re-encoded), but allows removing it', async () => {
      const { session } = await registerAndLogin(t.app);
      for (const field of ['avatar', 'avatarUrl', 'imageUrl']) {
        const response = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(session.accessToken), payload: { [field]: 'https://evil.example/x.svg' } });
        expect(response.statusCode).toBe(400);
        expect(response.json().errors).toEqual([{ field: 'avatar', message: 'Vui lòng dùng chức năng tải ảnh lên để đổi ảnh đại diện.' }]);
      }
      const removed = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(session.accessToken), payload: { avatarUrl: null } });
      expect(removed.statusCode).toBe(200);
    });
  });

  describe('POST /api/Auth/upload-avatar', () => {
    const upload = (token: string | null, files: Parameters<typeof multipart>[0]) => {
      const form = multipart(files);
      return t.app.inject({ method: 'POST', url: '/api/Auth/upload-avatar', payload: form.payload, headers: { ...form.headers, ...(token ? bearer(token) : {}) } });
    };

    it.each(['png', 'jpeg', 'webp'] as const)('stores a %s sent under both field names as a fresh 256×256 WebP and serves it cacheable', async (format) => {
      const { session } = await registerAndLogin(t.app);
      const bytes = await photo(format);
      const response = await upload(session.accessToken, [
        { field: 'file', filename: `anh.${format}`, contentType: `image/${format}`, bytes },
        { field: 'avatar', filename: `anh.${format}`, contentType: `image/${format}`, bytes },
      ]);
      expect(response.statusCode).toBe(200);
      const profile = profileResponseSchema.parse(response.json()).data;
      expect(profile.avatar).toMatch(/^\/api\/media\/avatars\/[a-f0-9]{32}\.webp$/);
      expect(profile.userId).toBe(session.userId);

      const served = await t.app.inject({ method: 'GET', url: profile.avatar! });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const stored = served.rawPayload;
      expect(stored.equals(bytes)).toBe(false);
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

      const again = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(session.accessToken) });
      expect(again.json().data.avatar).toBe(profile.avatar);
    });

    it('replaces the previous avatar file', async () => {
      const { session } = await registerAndLogin(t.app);
      const first = (await upload(session.accessToken, [{ field: 'avatar', filename: 'a.png', contentType: 'image/png', bytes: await photo('png') }])).json().data.avatar;
      const second = (await upload(session.accessToken, [{ field: 'file', filename: 'b.jpg', contentType: 'image/jpeg', bytes: await photo('jpeg') }])).json().data.avatar;
      expect(second).not.toBe(first);
      const folder = path.join(t.config.uploadDir, 'avatars');
      expect(existsSync(path.join(folder, path.basename(first)))).toBe(false);
      expect(readdirSync(folder)).toContain(path.basename(second));
      expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    });

    it('refuses an HTML file renamed .png with 415 (the bytes decide, not the name or type)', async () => {
      const { session } = await registerAndLogin(t.app);
      const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
      const response = await upload(session.accessToken, [{ field: 'file', filename: 'avatar.png', contentType: 'image/png', bytes: html }]);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_IMAGE_TYPE', message: 'Ảnh đại diện phải là tệp JPEG, PNG hoặc WebP.' });
      const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(session.accessToken) });
      expect(profile.json().data.avatar).toBeNull();
    });

    it('refuses an SVG and a GIF', async () => {
      const { session } = await registerAndLogin(t.app);
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).gif().toBuffer();
      for (const bytes of [svg, gif]) {
        expect((await upload(session.accessToken, [{ field: 'file', filename: 'a.png', contentType: 'image/png', bytes }])).statusCode).toBe(415);
      }
    });

    it('refuses a file over 2 MB with 413', async () => {
      const { session } = await registerAndLogin(t.app);
      const png = await photo('png', 64, 64);
      const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 10, 1)]);
      const response = await upload(session.accessToken, [{ field: 'file', filename: 'big.png', contentType: 'image/png', bytes: big }]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'Ảnh đại diện không được lớn hơn 2 MB.' });
    });

    it('accepts a photo of 1.5 MB (above the JSON body limit, below the avatar limit)', async () => {
      const { session } = await registerAndLogin(t.app);
      const noisy = await sharp(Buffer.from(Array.from({ length: 780 * 780 * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width: 780, height: 780, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(noisy.length).toBeGreaterThan(1024 * 1024);
      expect(noisy.length).toBeLessThan(2 * 1024 * 1024);
      const response = await upload(session.accessToken, [{ field: 'file', filename: 'to.png', contentType: 'image/png', bytes: noisy }]);
      expect(response.statusCode).toBe(200);
    });

    it('refuses a truncated image that only starts like a PNG with 400', async () => {
      const { session } = await registerAndLogin(t.app);
      const broken = (await photo('png')).subarray(0, 60);
      const response = await upload(session.accessToken, [{ field: 'file', filename: 'hong.png', contentType: 'image/png', bytes: broken }]);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('UNREADABLE_IMAGE');
    });

    it('refuses a request with no file, a JSON body, and no token', async () => {
      const { session } = await registerAndLogin(t.app);
      const none = await upload(session.accessToken, []);
      expect(none.statusCode).toBe(400);
      expect(none.json().errors).toEqual([{ field: 'file', message: 'Vui lòng chọn ảnh đại diện (trường file hoặc avatar).' }]);
      const json = await t.app.inject({ method: 'POST', url: '/api/auth/upload-avatar', headers: bearer(session.accessToken), payload: { avatar: 'x' } });
      expect(json.statusCode).toBe(415);
      const anonymous = await upload(null, [{ field: 'file', filename: 'a.png', contentType: 'image/png', bytes: await photo('png') }]);
      expect(anonymous.statusCode).toBe(401);
    });

    it('answers 404 for an unknown or malformed avatar name', async () => {
      expect((await t.app.inject({ method: 'GET', url: `/api/media/avatars/${'a'.repeat(32)}.webp` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/media/avatars/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
    });
  });
});
