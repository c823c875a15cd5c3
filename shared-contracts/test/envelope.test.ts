import { ApiError } from '../src/api/apiClient';
import { ensureSucceeded, envelopeData, errorDataOf, readData, readOk, readOutcome, responseMessage } from '../src/api/envelope';
import { messages } from '../src/i18n/messages';

describe('the envelope readers', () => {
  it('readData answers the data of a successful envelope', async () => {
    await expect(readData(Promise.resolve({ success: true, message: 'OK', data: [1, 2] }))).resolves.toEqual([1, 2]);
  });

  it('readData refuses an envelope without data', async () => {
    await expect(readData(Promise.resolve({ success: true, message: 'OK' }))).rejects.toMatchObject({ code: 'BAD_RESPONSE', message: messages.errors.badResponse });
    await expect(readData(Promise.resolve(null))).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('a 2xx that says success: false is the ApiError it stands for, with its field errors', async () => {
    const body = { success: false, message: 'Đơn hàng đã được xác nhận.', code: 'ORDER_LOCKED', errors: [{ field: 'note', message: 'Quá dài.' }] };
    const error = await readData(Promise.resolve(body)).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Đơn hàng đã được xác nhận.', status: 200, code: 'ORDER_LOCKED', errors: body.errors, body });
  });

  it('a refusal without a message of its own leaves the message empty (each screen has its fallback)', () => {
    expect(() => ensureSucceeded({ success: false })).toThrow(expect.objectContaining({ message: '', code: 'UNSUCCESSFUL' }));
    expect(() => ensureSucceeded({ success: true })).not.toThrow();
  });

  it('readOk and readOutcome only refuse success: false', async () => {
    await expect(readOk(Promise.resolve({ success: true, message: 'Đã lưu.' }))).resolves.toBeNull();
    await expect(readOutcome(Promise.resolve({ success: true, message: 'Đã lưu.', data: { id: 3 } }))).resolves.toEqual({ data: { id: 3 }, message: 'Đã lưu.' });
    await expect(readOutcome(Promise.resolve({ success: true, message: '  ' }))).resolves.toEqual({ data: null, message: null });
    await expect(readOk(Promise.resolve({ success: false, message: 'Không được.' }))).rejects.toMatchObject({ message: 'Không được.' });
  });

  it('reads the message, the data and the error data of a body', () => {
    expect(responseMessage({ message: '', data: { message: 'Đã gửi mã.' } })).toBe('Đã gửi mã.');
    expect(envelopeData({ success: true, data: { id: 1 } })).toEqual({ id: 1 });
    expect(envelopeData({ id: 1 })).toEqual({ id: 1 });
    expect(errorDataOf(new ApiError('Hết hàng.', 409, 'OUT_OF_STOCK', [], { success: false, data: { productId: 7 } }))).toEqual({ productId: 7 });
    expect(errorDataOf(new Error('x'))).toBeNull();
  });
});
