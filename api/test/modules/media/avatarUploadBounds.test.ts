import sharp from 'sharp';
import { AVATAR_UPLOADS_PER_MINUTE } from '../../../src/modules/users/profileRoutes';
import { childProcessIds, jpegDeclaring, plainPng, pngDeclaring } from '../../support/hostileImages';
import { oneDatabase, useScratchDatabase } from '../../support/testDatabases';
import { bearer, registerAndLogin, startAuthApp, type AuthTestApp } from '../../support/authTestKit';

function multipart(bytes: Buffer, filename: string, contentType: string) {
  const boundary = `----evavatar${Date.now()}${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const EXTREME_SHAPE = 'Ảnh quá dài hoặc quá hẹp (cạnh dài nhất tối đa gấp 20 lần cạnh ngắn nhất). Vui lòng chọn ảnh khác.';
const TOO_MANY_PIXELS = 'Ảnh có kích thước quá lớn (tối đa 25 triệu điểm ảnh). Vui lòng chọn ảnh nhỏ hơn.';

/**
 * POST /api/auth/upload-avatar against images that cost nothing to send and everything to decode (issue 21 §1:
 * four 904-byte 1 × 40,000 PNGs at once grew the API to 22 GB). The declared canvas is read from the header and
 * refused with a Vietnamese 422 before anything decodes it — no encoder process is even started — and the API
 * answers straight after. A normal avatar is re-encoded in the image encoder's process, and each user may upload
 * AVATAR_UPLOADS_PER_MINUTE a minute.
 */
describe.each(oneDatabase())('avatar uploads bounded before decoding on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let t: AuthTestApp;

  beforeAll(async () => {
    t = await startAuthApp(scratch.db);
  });
  afterAll(() => t.close());

  async function upload(token: string, bytes: Buffer, filename = 'anh.png', contentType = 'image/png') {
    const form = multipart(bytes, filename, contentType);
    return t.app.inject({ method: 'POST', url: '/api/auth/upload-avatar', payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
  }

  it('refuses four 1 × 40,000 PNGs sent at once with 422, decodes none of them, and goes on answering', async () => {
    const { session } = await registerAndLogin(t.app);
    const strip = await plainPng(1, 40_000);
    expect(strip.length).toBeLessThan(1024);
    const childrenBefore = childProcessIds();

    const answers = await Promise.all(Array.from({ length: 4 }, () => upload(session.accessToken, strip)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toMatchObject({ success: false, code: 'IMAGE_EXTREME_SHAPE', message: EXTREME_SHAPE, errors: [{ field: 'file', message: EXTREME_SHAPE }] });
    }
    // Nothing was handed to a decoder: no encoder process was started for them.
    expect(childProcessIds()).toEqual(childrenBefore);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(session.accessToken) });
    expect(profile.json().data.avatar).toBeNull();
  });

  it('refuses a 16,000 × 2 strip, and tiny files declaring 20,000 × 20,000 (PNG) or 60,000 × 60,000 (JPEG)', async () => {
    const { session } = await registerAndLogin(t.app);
    const wide = await upload(session.accessToken, await plainPng(16_000, 2));
    expect(wide.statusCode).toBe(422);
    expect(wide.json()).toMatchObject({ code: 'IMAGE_EXTREME_SHAPE', message: EXTREME_SHAPE });

    const hugePng = await pngDeclaring(20_000, 20_000);
    const hugeJpeg = await jpegDeclaring(60_000, 60_000);
    expect(hugePng.length + hugeJpeg.length).toBeLessThan(1024);
    for (const [bytes, name, type] of [[hugePng, 'a.png', 'image/png'], [hugeJpeg, 'a.jpg', 'image/jpeg']] as const) {
      const answer = await upload(session.accessToken, bytes, name, type);
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toMatchObject({ code: 'IMAGE_TOO_LARGE', message: TOO_MANY_PIXELS });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('still takes a photo of a normal shape, even a 20:1 banner, and re-encodes it to 256 × 256', async () => {
    const { session } = await registerAndLogin(t.app);
    const banner = await sharp({ create: { width: 1200, height: 60, channels: 3, background: '#10b981' } }).jpeg().toBuffer();
    const answer = await upload(session.accessToken, banner, 'bia.jpg', 'image/jpeg');
    expect(answer.statusCode).toBe(200);
    const stored = await t.app.inject({ method: 'GET', url: answer.json().data.avatarUrl });
    expect(await sharp(stored.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it(`lets one user upload ${AVATAR_UPLOADS_PER_MINUTE} avatars a minute, then 429 with Retry-After; another user still uploads`, async () => {
    const { session } = await registerAndLogin(t.app);
    const picture = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#2563eb' } }).png().toBuffer();
    for (let i = 0; i < AVATAR_UPLOADS_PER_MINUTE; i++) expect((await upload(session.accessToken, picture)).statusCode).toBe(200);
    const refused = await upload(session.accessToken, picture);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Bạn đã đổi ảnh đại diện quá nhiều lần\. Vui lòng thử lại sau \d+ giây\.$/);
    // Hostile shapes count too: they are refused by the allowance before anything reads them.
    expect((await upload(session.accessToken, await plainPng(1, 40_000))).statusCode).toBe(429);

    const other = await registerAndLogin(t.app);
    expect((await upload(other.session.accessToken, picture)).statusCode).toBe(200);
  });
});
