import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { AppError } from '../../../src/http/appError';
import { CHECKLIST_PHOTO_BOUNDS } from '../../../src/modules/media/imageBounds';
import { createImageEncoder, type ImageEncoder } from '../../../src/modules/media/imageEncoder';
import { storeUploadedImage, type ImageUpload } from '../../../src/modules/media/uploadedImage';

const MAX_BYTES = 6 * 1024 * 1024;
const BOUNDARY = 'ev-upload-test';

function formHead(field: string, filename: string, contentType = 'image/jpeg'): Buffer {
  return Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
}
const formTail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
const fileSeparator = Buffer.from('\r\n');
const formHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/**
 * storeUploadedImage (uploadedImage.ts), the one way every image route takes an upload: the file is written to a
 * hidden file of its folder as it arrives (the API never holds the whole upload), sniffed and bounded from that
 * file, handed to the encoder's process, and the kept file is deleted whatever the outcome.
 */
describe('an uploaded image, kept on disk as it arrives', () => {
  let uploadDir: string;
  let folder: string;
  let encoder: ImageEncoder;
  let app: FastifyInstance;
  let camera: Buffer;

  const hiddenFiles = () => (existsSync(folder) ? readdirSync(folder).filter((name) => name.startsWith('.')) : []);
  const storedFiles = () => (existsSync(folder) ? readdirSync(folder).filter((name) => !name.startsWith('.')) : []);

  beforeAll(async () => {
    // Noise: a camera-sized JPEG of a few MB, as a phone sends.
    camera = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .jpeg({ quality: 92 })
      .toBuffer();
  });

  beforeEach(async () => {
    uploadDir = mkdtempSync(path.join(tmpdir(), 'ev-uploaded-image-'));
    folder = path.join(uploadDir, 'checklist');
    encoder = createImageEncoder({ uploadDir });
    app = Fastify();
    await app.register(multipart, { limits: { fileSize: MAX_BYTES + 1, files: 2, parts: 6 } });
    app.setErrorHandler((error, _request, reply) =>
      error instanceof AppError ? reply.code(error.status).send({ code: error.code, message: error.message }) : reply.code(500).send({ message: String(error) }),
    );
    const rules: ImageUpload = {
      kind: 'checklist-photo',
      folder,
      bounds: CHECKLIST_PHOTO_BOUNDS,
      fields: ['photo'],
      maxBytes: MAX_BYTES,
      tooLarge: () => new AppError(413, 'FILE_TOO_LARGE', 'Ảnh quá lớn.'),
      missing: () => new AppError(400, 'VALIDATION_ERROR', 'Vui lòng chọn một ảnh.'),
      wrongType: () => new AppError(415, 'UNSUPPORTED_IMAGE_TYPE', 'Ảnh phải là tệp JPEG, PNG hoặc WebP.'),
      unreadable: () => new AppError(400, 'UNREADABLE_IMAGE', 'Không đọc được ảnh.'),
      busy: () => new AppError(503, 'IMAGE_ENCODER_UNAVAILABLE', 'Máy chủ chưa xử lý được ảnh lúc này.'),
    };
    app.post('/photos', async (request) => storeUploadedImage(request, encoder, rules));
    await app.listen({ host: '127.0.0.1', port: 0 });
  });

  afterEach(async () => {
    await app.close();
    await encoder.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  const origin = () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  async function post(body: Buffer): Promise<{ status: number; body: { code?: string; file?: string; width?: number } }> {
    const response = await fetch(`${origin()}/photos`, { method: 'POST', headers: formHeaders, body });
    return { status: response.status, body: (await response.json()) as { code?: string; file?: string } };
  }

  it('writes the upload to disk while it is still arriving, stores the image, and deletes the kept file', async () => {
    const half = Math.floor(camera.length / 2);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const sending = httpRequest(`${origin()}/photos`, { method: 'POST', headers: formHeaders }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      sending.on('error', reject);
      sending.write(Buffer.concat([formHead('photo', 'xe.jpg'), camera.subarray(0, half)]));
      // The first half is on disk before the second half is sent.
      const waitForHalf = async () => {
        for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 10))) {
          const kept = hiddenFiles();
          if (kept.length === 1 && statSync(path.join(folder, kept[0]!)).size >= half - 64 * 1024) return true;
        }
        return false;
      };
      void waitForHalf().then((onDisk) => {
        if (onDisk) sending.end(Buffer.concat([camera.subarray(half), formTail]));
        else {
          reject(new Error('the first half of the upload never reached the disk while the rest was held back'));
          sending.destroy();
        }
      }, reject);
    });
    const { status, body } = await answer;
    expect(status).toBe(200);
    const stored = JSON.parse(body) as { file: string; width: number; height: number };
    expect(stored).toEqual({ file: expect.stringMatching(/^[a-f0-9]{32}\.webp$/), width: 1600, height: 1200 });
    expect(storedFiles()).toEqual([stored.file]);
    expect(hiddenFiles()).toEqual([]);
  });

  it('takes the named field, draining another file sent before it', async () => {
    const other = Buffer.from('a note, not a photo');
    const form = Buffer.concat([formHead('note', 'ghi-chu.txt', 'text/plain'), other, fileSeparator, formHead('photo', 'xe.jpg'), camera, formTail]);
    const { status, body } = await post(form);
    expect(status).toBe(200);
    expect(storedFiles()).toEqual([body.file]);
    expect(hiddenFiles()).toEqual([]);
  });

  it('refuses, and leaves nothing behind: no photo field, a file over the limit, not an image, an unreadable one', async () => {
    const cases: Array<[Buffer, number, string]> = [
      [Buffer.concat([formHead('avatar', 'xe.jpg'), camera, formTail]), 400, 'VALIDATION_ERROR'],
      [Buffer.concat([formHead('photo', 'xe.jpg'), camera, Buffer.alloc(MAX_BYTES), formTail]), 413, 'FILE_TOO_LARGE'],
      [Buffer.concat([formHead('photo', 'xe.jpg'), Buffer.from('GIF89a not a photo'), formTail]), 415, 'UNSUPPORTED_IMAGE_TYPE'],
      [Buffer.concat([formHead('photo', 'xe.jpg'), camera.subarray(0, 40), formTail]), 400, 'UNREADABLE_IMAGE'],
    ];
    for (const [form, status, code] of cases) {
      const answer = await post(form);
      expect([answer.status, answer.body.code]).toEqual([status, code]);
      expect(hiddenFiles()).toEqual([]);
      expect(storedFiles()).toEqual([]);
    }
  });

  it('answers busy when the encoder is unavailable, and deletes the kept file', async () => {
    await encoder.close();
    const answer = await post(Buffer.concat([formHead('photo', 'xe.jpg'), camera, formTail]));
    expect([answer.status, answer.body.code]).toEqual([503, 'IMAGE_ENCODER_UNAVAILABLE']);
    expect(hiddenFiles()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });
});
