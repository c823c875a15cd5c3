import { errorEnvelopeSchema } from 'shared-contracts/schemas';
import { z } from 'zod';
import type { App } from '../../src/app';
import { AppError } from '../../src/http/appError';
import { buildTestApp } from '../support/testApp';
import { productionDatabase, useScratchDatabase } from '../support/testDatabases';

describe.each(productionDatabase())('HTTP conventions on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let app: App;

  beforeAll(async () => {
    app = buildTestApp(scratch.db, { bodyLimit: 1024 });
    // Routes that exist only in this test, to exercise the error paths.
    app.post(
      '/api/test/echo',
      { schema: { body: z.object({ fullName: z.string().min(2), quantity: z.number().int().positive() }) } },
      async (request) => ({ success: true, message: 'Thành công', data: request.body }),
    );
    app.get('/api/test/boom', async () => {
      throw new Error('SQLITE_ERROR: no such table: secret_table at /srv/app/queries.ts:42');
    });
    app.get('/api/test/conflict', async () => {
      throw new AppError(409, 'SLOT_FULL', 'Khung giờ này đã có người đặt.', [{ field: 'slot', message: 'Đã kín' }]);
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers an unknown /api path with the 404 envelope in Vietnamese', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/khong-ton-tai' });
    expect(response.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(response.json())).toEqual({
      success: false,
      code: 'ROUTE_NOT_FOUND',
      message: 'Không tìm thấy đường dẫn API yêu cầu.',
    });
  });

  it.each(['/API/HEALTH', '/api/Health/', '/Api/health', '/api/health/'])('matches paths case-insensitively: %s', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { status: 'ok' } });
  });

  it('answers malformed JSON with 400 and the envelope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"fullName": "Nguyễn Văn A",',
    });
    expect(response.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(response.json())).toMatchObject({ success: false, code: 'INVALID_JSON' });
    expect(response.json().message).toMatch(/JSON/);
  });

  it('answers a body that fails the zod schema with 400 VALIDATION_ERROR and field errors', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { fullName: 'A' } });
    expect(response.statusCode).toBe(400);
    const body = errorEnvelopeSchema.parse(response.json());
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: 'Dữ liệu không hợp lệ.' });
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'fullName', message: expect.any(String) },
        { field: 'quantity', message: 'Trường này là bắt buộc.' },
      ]),
    );
  });

  it('reports a missing body under the field "body"', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/echo' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'body' }] });
  });

  it('passes a valid body to the handler', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { fullName: 'Trần Thị B', quantity: 2 } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Thành công', data: { fullName: 'Trần Thị B', quantity: 2 } });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { fullName: 'x'.repeat(4096), quantity: 1 },
    });
    expect(response.statusCode).toBe(413);
    expect(errorEnvelopeSchema.parse(response.json())).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Dữ liệu gửi lên quá lớn.' });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<order/>',
    });
    expect(response.statusCode).toBe(415);
    expect(errorEnvelopeSchema.parse(response.json())).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('answers an unexpected error with 500, a Vietnamese message and no stack or SQL', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      code: 'INTERNAL_ERROR',
      message: 'Máy chủ đang gặp sự cố. Vui lòng thử lại sau.',
    });
    expect(response.body).not.toMatch(/SQLITE|secret_table|queries\.ts|stack|at \//);
  });

  it('answers an AppError with its status, code, message and field errors', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      code: 'SLOT_FULL',
      message: 'Khung giờ này đã có người đặt.',
      errors: [{ field: 'slot', message: 'Đã kín' }],
    });
  });

  it('answers a malformed URL with a 400 envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/%zz' });
    expect(response.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(response.json())).toMatchObject({ code: 'BAD_REQUEST' });
  });
});
