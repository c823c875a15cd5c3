import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { CHECKLIST_PHOTO_MAX_BYTES, type ServiceOrderDetail } from 'shared-contracts/schemas';
import { pngDeclaring } from '../support/hostileImages';
import { testDatabases, useFloor } from './floorTestKit';

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
 * A refused checklist photo — over 8 MB (even when its first 8 MB are a readable photo), not an image, unreadable,
 * too many pixels — leaves nothing in the checklist folder, hidden files (a kept upload) included.
 */
describe.each(testDatabases())('refused checklist photos leave no file behind on $label', (target) => {
  const floor = useFloor(target);
  let order: ServiceOrderDetail;

  beforeAll(async () => {
    order = await floor.startedOrder({ serviceSlugs: ['bao-duong-nang-cao'] });
  });

  const folder = () => path.join(floor.service.config.uploadDir, 'checklist');
  const allFiles = () => (existsSync(folder()) ? readdirSync(folder()).sort() : []);

  it('keeps nothing of a file over 8 MB, a file that is not an image, an unreadable one or one of too many pixels', async () => {
    const item = order.checklistItems[0]!;
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#aa5500' } }).jpeg().toBuffer();
    const refusals: [Buffer, number][] = [
      [Buffer.concat([jpeg, Buffer.alloc(CHECKLIST_PHOTO_MAX_BYTES, 0)]), 413],
      [Buffer.from('GIF89a not a photo at all'), 415],
      [jpeg.subarray(0, 40), 415],
      [await pngDeclaring(60_000, 60_000), 422],
    ];
    const before = allFiles();
    for (const [bytes, status] of refusals) {
      const form = multipart(bytes, 'anh.jpg', 'image/jpeg');
      const response = await floor.app.inject({
        method: 'POST',
        url: `/api/service-orders/${order.id}/checklist/${item.id}/photos`,
        headers: { ...(await floor.headers(floor.users.technician)), ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(status);
      expect(allFiles()).toEqual(before);
    }
  });
});
