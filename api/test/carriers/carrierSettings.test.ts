import { DEMO_CARRIER_KEYS, loadConfig } from '../../src/config';
import { checkProductionSafety } from '../../src/productionSafety';
import { productionEnv } from '../support/operatorSettings';

/** The shop's carriers as an operator sets them: the guard lets them pass. */
const CARRIERS = {
  CARRIERS: 'ghn,ghtk',
  GHN_TOKEN: '6f3a9c1e-2b7d-4e85-a0c4-9d2b1e7f0a35',
  GHN_SHOP_ID: '4821093',
  GHN_WEBHOOK_SECRET: 'b71e9c04d2a85f3e6c1b0a97d4e2f85c3a6b1d09e7f24c8a5b3d16e0f9a2c7d4',
  GHTK_TOKEN: 'Xq7mZ2vK9xR4tL8pW1nB6cY3hJ5dF0sGeA7uIoPl',
  GHTK_WEBHOOK_HASH: 'Q7mZ2vK9xR4tL8pW1nB6cY3hJ5dF0sGeT2yUu8Rw',
};
const errorsWith = (overrides: Record<string, string | undefined>) => checkProductionSafety(loadConfig(productionEnv({ ...CARRIERS, ...overrides }))).errors;

describe('the carriers’ settings', () => {
  it('use both stand-ins outside production by default, and the accounts once a token is given', () => {
    expect(loadConfig({}).carriers).toMatchObject({ mode: 'standin', enabled: ['GHN', 'GHTK'], ghn: { token: DEMO_CARRIER_KEYS.ghnToken } });
    expect(loadConfig({ CARRIERS: 'ghtk' }).carriers.enabled).toEqual(['GHTK']);
    expect(loadConfig({ CARRIERS: 'none' }).carriers.enabled).toEqual([]);
    const live = loadConfig(CARRIERS).carriers;
    expect(live).toMatchObject({ mode: 'live', enabled: ['GHN', 'GHTK'], ghn: { apiUrl: 'https://online-gateway.ghn.vn', shopId: 4_821_093 }, ghtk: { apiUrl: 'https://services.giaohangtietkiem.vn' } });
    expect(() => loadConfig({ ...CARRIERS, GHN_SHOP_ID: undefined })).toThrow('GHN_SHOP_ID is required to ship with GHN (CARRIERS)');
    expect(() => loadConfig({ CARRIERS: 'vnpost' })).toThrow(/CARRIERS must list ghn and\/or ghtk/);
    expect(() => loadConfig({ CARRIERS_MODE: 'fake' })).toThrow(/CARRIERS_MODE must be standin or live/);
  });

  it('let production start with the shop’s own accounts, or with no carrier (flat fee)', () => {
    expect(errorsWith({})).toEqual([]);
    expect(checkProductionSafety(loadConfig(productionEnv())).errors).toEqual([]);
  });

  it('refuse production with the stand-ins, demo or placeholder tokens, weak secrets and test or plain-http gateways', () => {
    expect(errorsWith({ CARRIERS_MODE: 'standin' })).toEqual([expect.stringContaining('CARRIERS_MODE=standin')]);
    expect(errorsWith({ GHN_TOKEN: DEMO_CARRIER_KEYS.ghnToken })).toEqual([expect.stringContaining('GHN_TOKEN is a demo or placeholder key')]);
    expect(errorsWith({ GHTK_WEBHOOK_HASH: 'replace-with-your-ghtk-webhook-hash-0000' })).toEqual([expect.stringContaining('GHTK_WEBHOOK_HASH is a demo or placeholder key')]);
    expect(errorsWith({ GHN_WEBHOOK_SECRET: 'k9Vq2xR7' })).toEqual([expect.stringContaining('GHN_WEBHOOK_SECRET is too weak for a key (shorter than 32 characters)')]);
    expect(errorsWith({ GHN_API_URL: 'http://online-gateway.ghn.vn' })).toEqual([expect.stringContaining('GHN_API_URL http://online-gateway.ghn.vn is not https')]);
    expect(errorsWith({ GHN_API_URL: 'https://dev-online-gateway.ghn.vn' })).toEqual([expect.stringContaining('test gateway')]);
    expect(errorsWith({ GHTK_API_URL: 'https://services-staging.ghtklab.com' })).toEqual([expect.stringContaining('GHTK_API_URL')]);
    expect(errorsWith({ GHTK_API_URL: 'https://127.0.0.1:4521' })).toEqual([expect.stringContaining('local, example or test gateway')]);
  });
});
