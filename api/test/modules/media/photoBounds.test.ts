import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { CHECKLIST_PHOTO_MAX_BYTES, type ServiceOrderDetail } from 'shared-contracts/schemas';
import { childProcessIds, jpegDeclaring, plainPng, pngDeclaring } from '../../support/hostileImages';
import { oneDatabase, useFloor } from '../../support/floorTestKit';

function multipart(bytes: Buffer, filename: string, contentType: string) {
  const boundary = `----evphoto${Date.now()}${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * POST /api/service-orders/:id/checklist/:itemId/photos against hostile files (issue 21 §1 and §5): a tiny file
 * declaring a huge or extreme canvas is refused with a Vietnamese 422 before the encoder sees it, and the API
 * answers straight after; a file over 8 MB is refused with 413 every time, even when its first 8 MB are a
 * readable photo (3 of 32 such files used to be stored).
 */
describe.each(oneDatabase())('checklist photos bounded before decoding on $label', (target) => {
  const floor = useFloor(target);
  let order: ServiceOrderDetail;

  beforeAll(async () => {
    order = await floor.startedOrder({ serviceSlugs: ['bao-duong-nang-cao'] });
  });

  const folder = () => path.join(floor.service.config.uploadDir, 'checklist');
  const storedFiles = () => (existsSync(folder()) ? readdirSync(folder()).filter((name) => !name.startsWith('.')) : []);

  async function upload(bytes: Buffer, filename = 'anh.png', contentType = 'image/png') {
    const item = order.checklistItems[0]!;
    const form = multipart(bytes, filename, contentType);
    return floor.app.inject({
      method: 'POST',
      url: `/api/service-orders/${order.id}/checklist/${item.id}/photos`,
      headers: { ...(await floor.headers(floor.users.technician)), ...form.headers },
      payload: form.payload,
    });
  }

  it('leaves nothing in the folder, hidden files (a kept upload) included, of a refused photo', async () => {
    const everyFile = () => (existsSync(folder()) ? readdirSync(folder()).sort() : []);
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#aa5500' } }).jpeg().toBuffer();
    const before = everyFile();
    const refusals: [Buffer, number][] = [
      [Buffer.concat([jpeg, Buffer.alloc(CHECKLIST_PHOTO_MAX_BYTES, 0)]), 413],
      [Buffer.from('GIF89a not a photo at all'), 415],
      [jpeg.subarray(0, 40), 415],
      [await pngDeclaring(60_000, 60_000), 422],
    ];
    for (const [bytes, status] of refusals) {
      expect((await upload(bytes, 'anh.jpg', 'image/jpeg')).statusCode).toBe(status);
      expect(everyFile()).toEqual(before);
    }
  });

  it('refuses extreme strips and tiny files declaring billions of pixels with 422, decoding none', async () => {
    const childrenBefore = childProcessIds();
    const shapes = [await plainPng(1, 40_000), await plainPng(16_000, 2)];
    for (const answer of await Promise.all(shapes.map((bytes) => upload(bytes)))) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toMatchObject({
        code: 'IMAGE_EXTREME_SHAPE',
        message: 'Ảnh quá dài hoặc quá hẹp (cạnh dài nhất tối đa gấp 20 lần cạnh ngắn nhất). Vui lòng chọn ảnh khác.',
      });
    }
    for (const [bytes, name, type] of [[await pngDeclaring(60_000, 60_000), 'a.png', 'image/png'], [await jpegDeclaring(65_000, 65_000), 'a.jpg', 'image/jpeg']] as const) {
      const answer = await upload(bytes, name, type);
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toMatchObject({ code: 'IMAGE_TOO_LARGE', message: 'Ảnh có kích thước quá lớn (tối đa 210 triệu điểm ảnh). Vui lòng chọn ảnh nhỏ hơn.' });
    }
    expect(childProcessIds()).toEqual(childrenBefore);
    expect(storedFiles()).toEqual([]);
    expect((await floor.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  /** Over a real socket, as a phone sends it: the body arrives in chunks, unlike inject's one buffer. */
  async function uploadOverHttp(origin: string, bytes: Buffer) {
    const item = order.checklistItems[0]!;
    const form = multipart(bytes, 'lon.jpg', 'image/jpeg');
    const response = await fetch(`${origin}/api/service-orders/${order.id}/checklist/${item.id}/photos`, {
      method: 'POST',
      headers: { ...(await floor.headers(floor.users.technician)), ...form.headers },
      body: form.payload,
    });
    return { statusCode: response.status, json: (await response.json()) as unknown };
  }

  it('refuses every file over 8 MB with 413, even one whose first 8 MB are a readable photo', async () => {
    const origin = await floor.app.listen({ host: '127.0.0.1', port: 0 });
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#aa5500' } }).jpeg().toBuffer();
    const padded = (size: number) => Buffer.concat([photo, Buffer.alloc(size - photo.length, 0)]);
    const sizes = [CHECKLIST_PHOTO_MAX_BYTES + 1, 9 * 1024 * 1024, 9 * 1024 * 1024 + 512 * 1024, 12 * 1024 * 1024];
    // Three rounds of four at once: an early 413 racing the rest of the upload shows within them.
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(sizes.map((size) => uploadOverHttp(origin, padded(size))));
      for (const answer of answers) {
        expect(answer.statusCode).toBe(413);
        expect(answer.json).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'Ảnh không được lớn hơn 8 MB.' });
      }
    }
    expect(storedFiles()).toEqual([]);
    // Exactly 8 MB is still a photo.
    expect((await upload(padded(CHECKLIST_PHOTO_MAX_BYTES), 'vua.jpg', 'image/jpeg')).statusCode).toBe(201);
  });
});
