import { envelopeSchema, wardSchema, wardSearchAnswerSchema } from 'shared-contracts/schemas';
import type { App } from '../../../src/app';
import { buildTestApp } from '../../support/testApp';
import { productionDatabase, useScratchDatabase } from '../../support/testDatabases';

const searchAnswer = envelopeSchema(wardSearchAnswerSchema);

describe.each(productionDatabase())('GET /api/addresses/wards on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let app: App;

  beforeAll(async () => {
    app = buildTestApp(scratch.db);
    await app.ready();
  });
  afterAll(() => app.close());

  it('finds the wards that were Phường Dịch Vọng Hậu, typed without accents, cacheable for a day', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/addresses/wards?province=${encodeURIComponent('Hà Nội')}&q=phuong%20dich%20vong%20hau` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const { wards } = searchAnswer.parse(response.json()).data;
    expect(wards.map((ward) => ward.name).sort()).toEqual(['Phường Cầu Giấy', 'Phường Nghĩa Đô']);
    expect(wards.every((ward) => ward.matchedFormer === 'Phường Dịch Vọng Hậu, Quận Cầu Giấy')).toBe(true);
  });

  it('keeps to the province and the limit', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/addresses/wards?province=${encodeURIComponent('Đà Nẵng')}&q=&limit=5` });
    const { wards } = searchAnswer.parse(response.json()).data;
    expect(wards).toHaveLength(5);
    expect(wards.every((ward) => ward.province === 'Đà Nẵng')).toBe(true);
  });

  it.each([
    ['a query over 60 characters', `q=${'a'.repeat(61)}`, 'q', 'Tên phường/xã tìm kiếm tối đa 60 ký tự.'],
    ['a limit over 50', 'q=cau&limit=51', 'limit', 'Số kết quả từ 1 đến 50.'],
    ['a limit of 0', 'q=cau&limit=0', 'limit', 'Số kết quả từ 1 đến 50.'],
    ['an unknown province', 'province=Sao%20H%E1%BB%8Fa&q=cau', 'province', 'Tỉnh/thành phố không hợp lệ.'],
  ])('refuses %s with a 422 in Vietnamese', async (_case, query, field, message) => {
    const response = await app.inject({ method: 'GET', url: `/api/addresses/wards?${query}` });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false, message, errors: [{ field, message }] });
  });

  it('answers one ward by its code, and 404 for an unknown code', async () => {
    const found = await app.inject({ method: 'GET', url: '/api/addresses/wards/00166' });
    expect(found.statusCode).toBe(200);
    expect(envelopeSchema(wardSchema).parse(found.json()).data).toMatchObject({ name: 'Phường Cầu Giấy', province: 'Hà Nội' });
    const missing = await app.inject({ method: 'GET', url: '/api/addresses/wards/99999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, message: 'Không tìm thấy phường/xã.' });
  });
});
