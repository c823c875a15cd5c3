import webPush from 'web-push';
import { DEMO_NOTIFICATION_KEYS, loadConfig } from '../../../../src/config';
import { checkProductionSafety, describeRefusal } from '../../../../src/productionSafety';
import { toInternationalVietnamesePhone } from '../../../../src/modules/notifications/channels/phone';
import { productionEnv } from '../../../support/operatorSettings';

const shopVapid = webPush.generateVAPIDKeys();
const properChannels = {
  VAPID_PUBLIC_KEY: shopVapid.publicKey,
  VAPID_PRIVATE_KEY: shopVapid.privateKey,
  VAPID_SUBJECT: 'mailto:cskh@cuahang-xedien.vn',
  ZALO_ZNS_ACCESS_TOKEN: 'Xk3_9qLm2Vb7Tz0Rp4Wn8Ys1Hd6Jf5Gc',
  ZALO_ZNS_TEMPLATES: '{"booking_confirmed":"231456","vehicle_ready":"231457"}',
  ESMS_API_KEY: 'B7C1E9F4A2D83C6E5F0A1B2C3D4E5F60',
  ESMS_SECRET_KEY: '9E8D7C6B5A4F3E2D1C0B9A8F7E6D5C4B',
  ESMS_BRANDNAME: 'XEDIENHN',
};
const channelErrors = (overrides: Record<string, string | undefined>) =>
  checkProductionSafety(loadConfig(productionEnv({ ...properChannels, ...overrides }))).errors.filter((error) => /VAPID|ZALO|ESMS|Web Push/.test(error));

describe('the notification channels’ settings', () => {
  it('take the shop’s own keys in production, each provider’s real https API, and the ZNS template of each kind', () => {
    const config = loadConfig(productionEnv(properChannels));
    expect(checkProductionSafety(config).errors).toEqual([]);
    expect(config.notificationChannels).toMatchObject({
      vapid: { publicKey: shopVapid.publicKey, subject: 'mailto:cskh@cuahang-xedien.vn' },
      pushStandIn: false,
      pushPublicKey: shopVapid.publicKey,
      zalo: { apiUrl: 'https://business.openapi.zalo.me', templates: { booking_confirmed: '231456', vehicle_ready: '231457' }, standIn: false },
      sms: { apiUrl: 'https://rest.esms.vn', brandname: 'XEDIENHN', standIn: false },
    });
  });

  it('leave a channel off in production when it is not configured (email still goes out)', () => {
    const config = loadConfig(productionEnv());
    expect(config.notificationChannels).toEqual({ vapid: null, pushStandIn: false, pushPublicKey: null, zalo: null, sms: null });
    expect(checkProductionSafety(config).errors).toEqual([]);
  });

  it('use the API’s own stand-ins in development, with the demo keys', () => {
    const { notificationChannels } = loadConfig({ PUBLIC_URL: 'http://localhost:3000' });
    expect(notificationChannels).toMatchObject({
      vapid: null,
      pushStandIn: true,
      pushPublicKey: DEMO_NOTIFICATION_KEYS.vapidPublicKey,
      zalo: { apiUrl: 'http://localhost:3000/api/dev/zalo', accessToken: DEMO_NOTIFICATION_KEYS.zaloAccessToken, standIn: true },
      sms: { apiUrl: 'http://localhost:3000/api/dev/esms', apiKey: DEMO_NOTIFICATION_KEYS.esmsApiKey, standIn: true },
    });
    expect(Object.keys(notificationChannels.zalo!.templates)).toEqual(expect.arrayContaining(['booking_confirmed', 'vehicle_ready', 'order_shipped']));
  });

  it.each([
    ['the demo VAPID key pair', { VAPID_PUBLIC_KEY: DEMO_NOTIFICATION_KEYS.vapidPublicKey, VAPID_PRIVATE_KEY: DEMO_NOTIFICATION_KEYS.vapidPrivateKey }, /VAPID_PRIVATE_KEY, VAPID_PUBLIC_KEY are demo or placeholder keys/],
    ['the demo Zalo token', { ZALO_ZNS_ACCESS_TOKEN: DEMO_NOTIFICATION_KEYS.zaloAccessToken }, /^ZALO_ZNS_ACCESS_TOKEN is a demo or placeholder key/],
    ['the demo eSMS keys', { ESMS_API_KEY: DEMO_NOTIFICATION_KEYS.esmsApiKey, ESMS_SECRET_KEY: DEMO_NOTIFICATION_KEYS.esmsSecretKey }, /^ESMS_API_KEY, ESMS_SECRET_KEY are demo or placeholder keys/],
    ['a placeholder token', { ZALO_ZNS_ACCESS_TOKEN: 'replace-with-the-oa-access-token' }, /^ZALO_ZNS_ACCESS_TOKEN is a demo or placeholder key/],
    ['the Zalo stand-in', { ZALO_ZNS_API_URL: 'https://cuahang-xedien.vn/api/dev/zalo' }, /^ZALO_ZNS_API_URL points at a development stand-in/],
    ['an eSMS on this machine', { ESMS_API_URL: 'http://127.0.0.1:4000' }, /^ESMS_API_URL points at a development stand-in or this machine/],
    ['a plain-http provider', { ESMS_API_URL: 'http://sms.cuahang-xedien.vn' }, /^ESMS_API_URL is not https/],
  ])('refuse %s in production, never printing the key', (_label, overrides, message) => {
    const errors = channelErrors(overrides);
    expect(errors).toEqual([expect.stringMatching(message)]);
    for (const value of Object.values(overrides)) if (!value.startsWith('http')) expect(describeRefusal(errors)).not.toContain(value);
  });

  it('will not load half a VAPID identity, a malformed key, or templates that are not kind → numeric id', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: shopVapid.publicKey })).toThrow(/must be set together/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: shopVapid.privateKey, VAPID_SUBJECT: 'mailto:a@b.vn' })).toThrow(/VAPID_PUBLIC_KEY must be a base64url P-256 public key/);
    expect(() => loadConfig({ ...properChannels, VAPID_SUBJECT: 'cskh@cuahang.vn' })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ ZALO_ZNS_TEMPLATES: '{"booking_confirmed":"abc"}' })).toThrow(/ZALO_ZNS_TEMPLATES/);
    expect(() => loadConfig({ ZALO_ZNS_TEMPLATES: 'booking_confirmed=1' })).toThrow(/JSON object/);
    expect(() => loadConfig({ ESMS_API_KEY: 'only-the-key' })).toThrow(/ESMS_API_KEY and ESMS_SECRET_KEY must be set together/);
  });
});

describe('toInternationalVietnamesePhone', () => {
  it.each([
    ['0912345678', '84912345678'],
    ['0912 345 678', '84912345678'],
    ['+84 912-345-678', '84912345678'],
    ['84387654321', '84387654321'],
  ])('turns %s into %s', (phone, expected) => {
    expect(toInternationalVietnamesePhone(phone)).toBe(expected);
  });

  it.each([[null], [''], ['02438251234'], ['091234567'], ['+1 650 555 0100'], ['0612345678']])('refuses %s (not a Vietnamese mobile number)', (phone) => {
    expect(toInternationalVietnamesePhone(phone)).toBeNull();
  });
});
