import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { checklistPhotoSchema, envelopeSchema, type ServiceOrderDetail } from 'shared-contracts/schemas';
import { CHECKLIST_PHOTO_MAX_SIDE } from '../../../src/modules/media/checklistPhotosStore';
import { storedLongSide } from '../../../src/modules/media/imageReencode';
import type { TestUser } from '../../support/serviceTestKit';
import { testDatabases, useFloor, type FloorRole } from '../../support/floorTestKit';

const photoResponse = envelopeSchema(checklistPhotoSchema);

describe('the stored size of a checklist photo (longest side)', () => {
  it('halves a JPEG of 2048 to 3200 px, caps anything else at 1600 px and never enlarges', () => {
    expect(storedLongSide(2600, 'jpeg', CHECKLIST_PHOTO_MAX_SIDE)).toBe(1300);
    expect(storedLongSide(2048, 'jpeg', CHECKLIST_PHOTO_MAX_SIDE)).toBe(1024);
    expect(storedLongSide(3200, 'jpeg', CHECKLIST_PHOTO_MAX_SIDE)).toBe(1600);
    expect(storedLongSide(2601, 'jpeg', CHECKLIST_PHOTO_MAX_SIDE)).toBe(1301);
    expect(storedLongSide(2047, 'jpeg', CHECKLIST_PHOTO_MAX_SIDE)).toBe(1600);
    expect(storedLongSide(3201, 'jpeg', CHECKLIST_PHOTO_MAX_SIDE)).toBe(1600);
    expect(storedLongSide(4032, 'jpeg', CHECKLIST_PHOTO_MAX_SIDE)).toBe(1600);
    expect(storedLongSide(1200, 'jpeg', CHECKLIST_PHOTO_MAX_SIDE)).toBe(1200);
    expect(storedLongSide(2600, 'png', CHECKLIST_PHOTO_MAX_SIDE)).toBe(1600);
    expect(storedLongSide(2600, 'webp', CHECKLIST_PHOTO_MAX_SIDE)).toBe(1600);
    expect(storedLongSide(900, 'png', CHECKLIST_PHOTO_MAX_SIDE)).toBe(900);
  });
});

/** A multipart body with one file (what the technician's browser FormData sends). */
function multipart(bytes: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----evphoto${Date.now()}${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A landscape 4000×2000 JPEG from a phone: EXIF with the camera and a GPS position, orientation 6 (rotate 90°). */
async function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 4000, height: 2000, channels: 3, background: { r: 180, g: 40, b: 40 } } })
    .withExif({ IFD0: { Make: 'EvTestPhone', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '21/1 1/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '105/1 51/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const small = (format: 'png' | 'webp' | 'jpeg') =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

/**
 * POST/DELETE /api/service-orders/:id/checklist/:itemId/photos and GET /api/media/checklist-photos/:file: the assigned
 * technician adds up to 5 photos per item while the order is IN_PROGRESS; the bytes are sniffed (415 otherwise,
 * whatever the name), at most 8 MB (413), re-encoded to an upright WebP ≤ 1600 px without EXIF; a refused upload
 * leaves no file behind; the sixth is refused (409) even when uploads race.
 */
describe.each(testDatabases())('checklist photos on $label', (target) => {
  const floor = useFloor(target);
  let order: ServiceOrderDetail;
  let jpeg: Buffer;

  beforeAll(async () => {
    order = await floor.startedOrder({ serviceSlugs: ['bao-duong-nang-cao'] });
    jpeg = await phoneJpeg();
  });

  const folder = () => path.join(floor.service.config.uploadDir, 'checklist');
  const storedFiles = () => (existsSync(folder()) ? readdirSync(folder()).sort() : []);
  const photoRows = (itemId: number) => floor.db.selectFrom('checklist_photos').select(['id', 'file', 'width', 'height', 'uploaded_by']).where('item_id', '=', itemId).orderBy('id').execute();
  const dbFiles = async () => (await floor.db.selectFrom('checklist_photos').select('file').execute()).map((row) => row.file).sort();
  const photosUrl = (orderId: number, itemId: number) => `/api/service-orders/${orderId}/checklist/${itemId}/photos`;

  async function upload(user: TestUser | null, orderId: number, itemId: number, bytes: Buffer, filename = 'anh.jpg', contentType = 'image/jpeg') {
    const form = multipart(bytes, filename, contentType);
    return floor.app.inject({ method: 'POST', url: photosUrl(orderId, itemId), headers: { ...(user ? await floor.headers(user) : {}), ...form.headers }, payload: form.payload });
  }

  it('stores an upright WebP of at most 1600 px without EXIF or GPS, served with an immutable cache', async () => {
    const input = await sharp(jpeg).metadata();
    expect(input).toMatchObject({ width: 4000, height: 2000, orientation: 6 });
    expect(input.exif?.toString('latin1')).toContain('EvTestPhone');

    const item = order.checklistItems[0]!;
    const response = await upload(floor.users.technician, order.id, item.id, jpeg, 'IMG_0001.JPG');
    expect(response.statusCode).toBe(201);
    const photo = photoResponse.parse(response.json()).data;
    // Turned upright (portrait) first, then shrunk to 1600 on its longest side.
    expect(photo).toMatchObject({ width: 800, height: 1600 });
    expect(photo.url).toMatch(/^\/api\/media\/checklist-photos\/[a-f0-9]{32}\.webp$/);

    const [row] = await photoRows(item.id);
    expect(row).toMatchObject({ id: photo.id, width: 800, height: 1600, uploaded_by: floor.users.technician.id });
    const stored = readFileSync(path.join(folder(), row!.file));
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 800, height: 1600 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(stored.toString('latin1')).not.toContain('EvTestPhone');
    expect(stored.includes(Buffer.from('Exif'))).toBe(false);

    const served = await floor.app.inject({ method: 'GET', url: photo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(stored)).toBe(true);

    // The order's detail shows it on its item.
    const detail = await floor.detail(order.id);
    expect(detail.checklistItems.find((entry) => entry.id === item.id)!.photos).toEqual([photo]);
  });

  it('keeps a JPEG of 2048 to 3200 px at half its size (decoded at half scale), a PNG of that size at 1600 px', async () => {
    const camera = (format: 'jpeg' | 'png') =>
      sharp({ create: { width: 2600, height: 1950, channels: 3, background: { r: 90, g: 90, b: 90 } } })
        .toFormat(format)
        .toBuffer();
    const item = order.checklistItems[7]!;
    const jpegAnswer = await upload(floor.users.technician, order.id, item.id, await camera('jpeg'), 'camera.jpg');
    expect(jpegAnswer.statusCode).toBe(201);
    expect(photoResponse.parse(jpegAnswer.json()).data).toMatchObject({ width: 1300, height: 975 });
    const pngAnswer = await upload(floor.users.technician, order.id, item.id, await camera('png'), 'camera.png', 'image/png');
    expect(pngAnswer.statusCode).toBe(201);
    expect(photoResponse.parse(pngAnswer.json()).data).toMatchObject({ width: 1600, height: 1200 });
  });

  it('takes PNG and WebP too (a small photo is not enlarged), whatever the declared name', async () => {
    const item = order.checklistItems[1]!;
    const png = await upload(floor.users.technician, order.id, item.id, await small('png'), 'chup.png', 'image/png');
    expect(png.statusCode).toBe(201);
    expect(photoResponse.parse(png.json()).data).toMatchObject({ width: 400, height: 300 });
    const webp = await upload(floor.users.technician, order.id, item.id, await small('webp'), 'khong-ten', 'application/octet-stream');
    expect(webp.statusCode).toBe(201);
    expect((await photoRows(item.id)).length).toBe(2);
  });

  it('refuses what is not a JPEG, PNG or WebP (415 UNSUPPORTED_MEDIA) and a file over 8 MB (413), leaving no file behind', async () => {
    const item = order.checklistItems[2]!;
    const before = storedFiles();
    const text = await upload(floor.users.technician, order.id, item.id, Buffer.from('<html>không phải ảnh</html>'.repeat(50)), 'anh.jpg', 'image/jpeg');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA' });
    const gif = await upload(floor.users.technician, order.id, item.id, Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(200)]), 'anh.gif', 'image/gif');
    expect(gif.statusCode).toBe(415);
    // JPEG magic bytes, then garbage: the decoder refuses it.
    const broken = await upload(floor.users.technician, order.id, item.id, Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(5000, 7)]), 'hong.jpg');
    expect(broken.statusCode).toBe(415);
    expect(broken.json().code).toBe('UNSUPPORTED_MEDIA');

    const huge = Buffer.concat([jpeg, Buffer.alloc(8 * 1024 * 1024 - jpeg.length + 1, 0)]);
    expect(huge.length).toBe(8 * 1024 * 1024 + 1);
    const tooLarge = await upload(floor.users.technician, order.id, item.id, huge, 'lon.jpg');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ success: false, code: 'FILE_TOO_LARGE' });

    const empty = await upload(floor.users.technician, order.id, item.id, Buffer.alloc(0), 'rong.jpg');
    expect(empty.statusCode).toBe(422);
    const notMultipart = await floor.request(floor.users.technician, 'POST', photosUrl(order.id, item.id), { file: 'abc' });
    expect(notMultipart.statusCode).toBe(415);

    expect(await photoRows(item.id)).toEqual([]);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses the sixth photo of an item (409 TOO_MANY_PHOTOS), leaving no file behind', async () => {
    const item = order.checklistItems[3]!;
    const photo = await small('jpeg');
    for (let index = 0; index < 5; index += 1) {
      expect((await upload(floor.users.technician, order.id, item.id, photo)).statusCode).toBe(201);
    }
    const before = storedFiles();
    const sixth = await upload(floor.users.technician, order.id, item.id, photo);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({ success: false, code: 'TOO_MANY_PHOTOS' });
    expect((await photoRows(item.id)).length).toBe(5);
    expect(storedFiles()).toEqual(before);
  });

  it('accepts exactly one of 10 parallel uploads to an item that has 4 photos', async () => {
    const item = order.checklistItems[4]!;
    const photo = await small('jpeg');
    for (let index = 0; index < 4; index += 1) {
      expect((await upload(floor.users.technician, order.id, item.id, photo)).statusCode).toBe(201);
    }
    const responses = await Promise.all(Array.from({ length: 10 }, () => upload(floor.users.technician, order.id, item.id, photo)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    expect(responses.filter((response) => response.statusCode === 409).every((response) => response.json().code === 'TOO_MANY_PHOTOS')).toBe(true);
    expect((await photoRows(item.id)).length).toBe(5);
    // No orphan: the folder holds exactly the files the rows name.
    expect(storedFiles()).toEqual(await dbFiles());
  });

  it('deletes a photo (row and file); the URL then answers 404', async () => {
    const item = order.checklistItems[5]!;
    const added = photoResponse.parse((await upload(floor.users.technician, order.id, item.id, await small('jpeg'))).json()).data;
    const file = added.url.split('/').pop()!;
    expect(storedFiles()).toContain(file);

    const other = await floor.request(floor.users.technician2, 'DELETE', `${photosUrl(order.id, item.id)}/${added.id}`);
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('NOT_ASSIGNED');
    const wrongItem = await floor.request(floor.users.technician, 'DELETE', `${photosUrl(order.id, order.checklistItems[6]!.id)}/${added.id}`);
    expect(wrongItem.statusCode).toBe(404);

    const deleted = await floor.request(floor.users.technician, 'DELETE', `${photosUrl(order.id, item.id)}/${added.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual({ id: added.id });
    expect(await photoRows(item.id)).toEqual([]);
    expect(storedFiles()).not.toContain(file);
    expect((await floor.app.inject({ method: 'GET', url: added.url })).statusCode).toBe(404);
    expect((await floor.request(floor.users.technician, 'DELETE', `${photosUrl(order.id, item.id)}/${added.id}`)).statusCode).toBe(404);
  });

  it('answers only the assigned technician of the centre while IN_PROGRESS: route × role × centre', async () => {
    const item = order.checklistItems[6]!;
    const photo = await small('jpeg');
    const expected: Array<[FloorRole | null, number, string]> = [
      [null, 401, 'UNAUTHENTICATED'],
      ['customer', 403, 'FORBIDDEN'],
      ['staff', 403, 'FORBIDDEN'],
      ['manager', 403, 'FORBIDDEN'],
      ['admin', 403, 'FORBIDDEN'],
      ['technician2', 403, 'NOT_ASSIGNED'],
      ['technicianB', 404, 'NOT_FOUND'],
      ['technician', 201, ''],
    ];
    for (const [role, status, code] of expected) {
      const response = await upload(role ? floor.users[role] : null, order.id, item.id, photo);
      expect({ role, status: response.statusCode }).toEqual({ role, status });
      if (code) expect({ role, code: response.json().code }).toEqual({ role, code });
    }
    expect((await photoRows(item.id)).length).toBe(1);

    const technician = await floor.addMember('technician');
    const finished = await floor.finishedOrder({ time: '13:00', technician });
    const before = storedFiles();
    const locked = await upload(technician, finished.id, finished.checklistItems[0]!.id, photo);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('CHECKLIST_LOCKED');
    expect(storedFiles()).toEqual(before);
  });

  it('serves only well-formed names that exist', async () => {
    for (const name of ['abc.webp', `${'a'.repeat(32)}.webp`, `${'A'.repeat(32)}.webp`, '..%2F..%2Fetc%2Fpasswd', `${'a'.repeat(32)}.png`]) {
      const response = await floor.app.inject({ method: 'GET', url: `/api/media/checklist-photos/${name}` });
      expect({ name, status: response.statusCode }).toEqual({ name, status: 404 });
    }
  });
});
