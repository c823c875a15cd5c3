import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as root from '../src';
import { createApiClient } from '../src';
import { CLIENT_ERROR_CODES, ERROR_CODES, ERROR_MESSAGES, isErrorCode } from '../src/errors';
import { BACK_OFFICE_ERROR_CODES, INVENTORY_ERROR_CODES, PARTS_REQUEST_ERROR_CODES, STOCK_TRANSFER_ERROR_CODES } from '../src/schemas';

function textResponse(status: number, text: string) {
  return { ok: status >= 200 && status < 300, status, text: async () => text } as Response;
}

describe('the error-code catalogue (shared-contracts/errors)', () => {
  it('lists UPPER_SNAKE codes, each its own value, each with a Vietnamese default message', () => {
    expect(Object.keys(ERROR_CODES).length).toBeGreaterThan(150);
    for (const [key, value] of Object.entries(ERROR_CODES)) {
      expect(key).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      expect(value).toBe(key);
    }
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual(Object.keys(ERROR_CODES).sort());
    for (const message of Object.values(ERROR_MESSAGES)) expect(message.trim()).not.toBe('');
  });

  it('tells the API codes from anything else, the client codes included', () => {
    expect(isErrorCode(ERROR_CODES.SLOT_FULL)).toBe(true);
    expect(isErrorCode('SLOT_TAKEN')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(CLIENT_ERROR_CODES.NETWORK)).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
    for (const code of Object.keys(CLIENT_ERROR_CODES)) expect(isErrorCode(code)).toBe(false);
  });

  it('names the codes the API client raises itself', async () => {
    const offline = createApiClient({ baseUrl: '/api', getToken: () => null, fetchImpl: (async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch });
    await expect(offline.get('/x')).rejects.toMatchObject({ code: CLIENT_ERROR_CODES.NETWORK });
    const garbled = createApiClient({ baseUrl: '/api', getToken: () => null, fetchImpl: (async () => textResponse(200, '<html>')) as unknown as typeof fetch });
    await expect(garbled.get('/x')).rejects.toMatchObject({ code: CLIENT_ERROR_CODES.BAD_RESPONSE });
    const refused = createApiClient({ baseUrl: '/api', getToken: () => null, fetchImpl: (async () => textResponse(409, JSON.stringify({ success: false, message: 'Khung giờ này vừa hết chỗ', code: ERROR_CODES.SLOT_FULL }))) as unknown as typeof fetch });
    await expect(refused.get('/x')).rejects.toMatchObject({ status: 409, code: ERROR_CODES.SLOT_FULL });
  });

  it('holds the per-area code lists of the schemas', () => {
    for (const code of [...BACK_OFFICE_ERROR_CODES, ...INVENTORY_ERROR_CODES, ...PARTS_REQUEST_ERROR_CODES, ...STOCK_TRANSFER_ERROR_CODES]) expect(isErrorCode(code)).toBe(true);
  });

  it('is zod-free and stays out of the root module (the first-load budget): the root exports its types only', () => {
    const source = readFileSync(path.join(__dirname, '../src/errors/errorCodes.ts'), 'utf8');
    expect(source).not.toMatch(/^import /m);
    expect(Object.keys(root)).not.toContain('ERROR_CODES');
    expect(Object.keys(root)).not.toContain('ERROR_MESSAGES');
    expect(Object.keys(root)).not.toContain('CLIENT_ERROR_CODES');
  });
});
