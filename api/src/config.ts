import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { validateVietnameseTaxCode } from 'shared-contracts/schemas';
import { REPO_ROOT } from './apiRoot';
import { isLoopbackHost } from './http/loopback';

export { REPO_ROOT };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Sign-in with Google: an ID token (login-google) and the server-side OAuth code flow (GET /auth/google). */
export interface GoogleConfig {
  /** The OAuth client id: the audience of the ID tokens. Null: Google sign-in is not configured. */
  clientId: string | null;
  /** Needed for the server-side code flow only. */
  clientSecret: string | null;
  jwksUrl: string;
  /** Accepted `iss` values. */
  issuers: string[];
  authorizationUrl: string;
  tokenUrl: string;
  /** Where Google sends the browser back; default `${publicUrl}/api/auth/google/callback`. */
  redirectUri: string;
}

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when set the API uses PostgreSQL instead of SQLite. */
  databaseUrl: string | null;
  /** Absolute path of the SQLite file (used when databaseUrl is null). */
  sqliteFile: string;
  logLevel: LogLevel;
  nodeEnv: string;
  /** HS256 key of the access tokens (JWT_SECRET). Null: see resolveJwtSecret. */
  jwtSecret: string | null;
  /** Redis for the shared throttling counters (REDIS_URL); null: counters in memory. */
  redisUrl: string | null;
  /** nodemailer transport URL (SMTP_URL, e.g. smtp://mail:1025); null: no email is sent (dev outbox). */
  smtpUrl: string | null;
  /** The From of every email (MAIL_FROM). */
  mailFrom: string;
  /** Where uploaded files are stored (UPLOAD_DIR, default <repo>/data/uploads). */
  uploadDir: string;
  /**
   * An S3-compatible bucket for the stored files instead of UPLOAD_DIR (S3_BUCKET and the other S3_* settings);
   * null (S3_BUCKET unset): the local folder. UPLOAD_DIR then only holds the image encoder's temporary files.
   */
  objectStorage: S3Settings | null;
  /** The site's public origin (PUBLIC_URL, default http://localhost:3000; production: an https origin, required): links in emails, OAuth redirects. */
  publicUrl: string;
  google: GoogleConfig;
  /**
   * Which proxies' X-Forwarded-For to believe for the client IP (TRUST_PROXY: 'true', 'false', or a list of
   * addresses/CIDRs such as 'loopback' or '10.0.0.0/8'). Default 'loopback': the `npm start` site proxy.
   */
  trustProxy: boolean | string;
  /**
   * The development mailbox GET /api/dev/outbox (every email with its codes; answers callers on this machine
   * only). DEV_OUTBOX: 'on', 'off', or unset: on in development while the API listens on a loopback address
   * (HOST), off when it listens beyond this machine. Never in production.
   */
  devOutbox: boolean;
  /**
   * Origins of separately hosted clients allowed to call the API from a browser (CORS_ORIGINS, comma-separated,
   * e.g. 'https://app.evshop.vn'). Empty (the default): same origin only, no CORS headers.
   */
  corsOrigins: string[];
  /** Customers may cancel or reschedule an appointment until this many minutes before it (BOOKING_CHANGE_CUTOFF_MINUTES, default 120). */
  bookingChangeCutoffMinutes: number;
  /**
   * The API's clock starts at this instant and runs on from there (CLOCK_START, ISO 8601; not in production).
   * The browser suite sets it to 09:00 of today in Vietnam, so booking and checking in a car today works
   * whenever the suite runs, also after the centres' closing time. Null: the system clock.
   */
  clockStart: string | null;
  /** The shop's bank account for VietQR transfers (VIETQR_BANK_BIN, VIETQR_ACCOUNT_NUMBER, VIETQR_ACCOUNT_NAME, VIETQR_BANK_NAME; demo defaults, refused in production) and its payment window (VIETQR_PAYMENT_HOURS). */
  vietQr: VietQrConfig;
  /**
   * The centre whose web-order desk handles the orders shipped to an address (WEB_ORDERS_SHIPPING_CENTRE_ID);
   * null: the first centre (lowest id). Pick-up orders belong to their pick-up centre.
   */
  shippingCentreId: number | null;
  /**
   * The VAT rate of the shipping fee, in % (SHIPPING_VAT_RATE: 0, 5, 8 or 10; default 8, decision 0054): stored on
   * each order when it is placed, so its receipt and VAT invoice keep the rate in force then.
   */
  shippingVatRate: number;
  /** payOS payment links and their webhook (PAYOS_*); null in production when unset (payOS is then off). */
  payOs: PayOsConfig | null;
  /** The e-invoice provider (E_INVOICE_*): the local stand-in outside production, none in production until set. */
  eInvoice: EInvoiceConfig;
  /** The parcel carriers (GHN_*, GHTK_*, CARRIERS, CARRIERS_MODE): local stand-ins outside production by default. */
  carriers: CarriersConfig;
  /** The seller printed on receipts and VAT invoices (SHOP_LEGAL_NAME, SHOP_TAX_CODE, SHOP_ADDRESS; demo defaults, refused in production). */
  seller: SellerConfig;
  /** SePay's bank-transfer webhook key (SEPAY_WEBHOOK_KEY); null in production when unset (the webhook refuses every call). */
  sepayWebhookKey: string | null;
  /**
   * Who gets Swagger UI and the OpenAPI document at /api/docs (API_DOCS): 'public' anyone, 'admin' a signed-in admin
   * only (401/403 otherwise), 'off' nobody (404). Unset: 'off' in production (the document maps every route for an
   * attacker), 'public' elsewhere.
   */
  apiDocs: ApiDocsAccess;
  /** The channels outside the site (issue 49): Web Push (VAPID_*), Zalo ZNS (ZALO_ZNS_*), SMS (ESMS_*); see NotificationChannelsConfig. */
  notificationChannels: NotificationChannelsConfig;
  /**
   * Push services' hosts a subscription may name besides the known ones (FCM, Mozilla, Apple, WNS): PUSH_ENDPOINT_HOSTS,
   * comma-separated DNS names, `*.example.com` for any name under it (never an IP address).
   */
  pushEndpointHosts: string[];
  /**
   * The loopback origin of a push service stand-in (http://127.0.0.1:<port>): subscriptions to it are taken and sent to
   * as they are. Set by tests only (loadConfig leaves it null); ignored in production.
   */
  pushStandInOrigin: string | null;
  /**
   * The settings production must be given that were left unset and took their development default (PUBLIC_URL,
   * VIETQR_*, SHOP_*; ESMS_BRANDNAME when the eSMS keys are set): productionSafety.ts refuses to start production with any of them.
   */
  defaultsUsed: string[];
}

/** The demo bank account of development (a stranger's, as far as the shop knows): never in production. */
export const DEMO_VIETQR = { bankBin: '970436', accountNumber: '1023456789', accountName: 'CONG TY TNHH EV SERVICE', bankName: 'Vietcombank' } as const;

/** What PUBLIC_URL is when unset: the `npm start` site. */
export const DEVELOPMENT_PUBLIC_URL = 'http://localhost:3000';

/** Settings that production must set explicitly (a development default there would be wrong). */
const REQUIRED_IN_PRODUCTION = ['PUBLIC_URL', 'VIETQR_BANK_BIN', 'VIETQR_ACCOUNT_NUMBER', 'VIETQR_ACCOUNT_NAME', 'VIETQR_BANK_NAME', 'SHOP_LEGAL_NAME', 'SHOP_TAX_CODE', 'SHOP_ADDRESS'] as const;

/** The demo seller of development's receipts (a made-up company; the tax code only has a valid check digit): never in production. */
export const DEMO_SELLER = { legalName: 'Công ty TNHH EV Service (demo)', taxCode: '0123456787', address: '1 Đường Demo, Phường Bến Nghé, TP. Hồ Chí Minh' } as const;

/** The seller of receipts and VAT invoices. */
export interface SellerConfig {
  legalName: string;
  /** Checked and normalised as every tax code (shared-contracts validateVietnameseTaxCode). */
  taxCode: string;
  address: string;
}

function loadSellerConfig(env: NodeJS.ProcessEnv): SellerConfig {
  const taxCode = validateVietnameseTaxCode(nonEmpty(env.SHOP_TAX_CODE) ?? DEMO_SELLER.taxCode);
  if (!taxCode.valid) throw new Error(`SHOP_TAX_CODE must be the shop's tax code (10 digits, or 13 as 0123456789-001, with a valid check digit)`);
  return {
    legalName: (nonEmpty(env.SHOP_LEGAL_NAME) ?? DEMO_SELLER.legalName).slice(0, 200),
    taxCode: taxCode.taxCode,
    address: (nonEmpty(env.SHOP_ADDRESS) ?? DEMO_SELLER.address).slice(0, 300),
  };
}

export interface VietQrConfig {
  /** 6-digit NAPAS BIN (default 970436, Vietcombank). */
  bankBin: string;
  accountNumber: string;
  accountName: string;
  bankName: string;
  /** A VietQR order not paid this many hours after it was placed is cancelled (VIETQR_PAYMENT_HOURS, 1–168, default 24). */
  paymentHours: number;
}

function loadVietQrConfig(env: NodeJS.ProcessEnv): VietQrConfig {
  const bankBin = nonEmpty(env.VIETQR_BANK_BIN) ?? DEMO_VIETQR.bankBin;
  if (!/^\d{6}$/.test(bankBin)) throw new Error(`VIETQR_BANK_BIN must be the 6-digit NAPAS BIN of the bank, got "${bankBin}"`);
  const accountNumber = nonEmpty(env.VIETQR_ACCOUNT_NUMBER) ?? DEMO_VIETQR.accountNumber;
  if (!/^[A-Za-z0-9]{1,19}$/.test(accountNumber)) throw new Error('VIETQR_ACCOUNT_NUMBER must be 1–19 letters or digits');
  return {
    bankBin,
    accountNumber,
    accountName: nonEmpty(env.VIETQR_ACCOUNT_NAME) ?? DEMO_VIETQR.accountName,
    bankName: nonEmpty(env.VIETQR_BANK_NAME) ?? DEMO_VIETQR.bankName,
    paymentHours: parseIntegerSetting('VIETQR_PAYMENT_HOURS', env.VIETQR_PAYMENT_HOURS, 24, 1, 7 * 24),
  };
}

/** payOS (https://payos.vn/docs): the payment channel's keys and the API's address. */
export interface PayOsConfig {
  clientId: string;
  apiKey: string;
  /** Signs the payment-link request and the webhook's data (HMAC-SHA256). */
  checksumKey: string;
  /** PAYOS_API_URL: https://api-merchant.payos.vn; development defaults to the stand-in served by this API. */
  apiUrl: string;
  /** The development stand-in of payOS is mounted at /api/dev/payos (PAYOS_API_URL unset; never in production). */
  standIn: boolean;
}

/** The real payOS merchant API. */
export const PAYOS_API_URL = 'https://api-merchant.payos.vn';
/** Development's keys of the payOS stand-in and the SePay webhook: never in production (productionSafety.ts). */
export const DEMO_PAYMENT_KEYS = {
  payOsClientId: 'demo-payos-client-id',
  payOsApiKey: 'demo-payos-api-key',
  payOsChecksumKey: 'demo-payos-checksum-key-0d1f8a6c2b',
  sepayWebhookKey: 'demo-sepay-webhook-key-5e7b9c1a',
} as const;

/** The e-invoice provider the shop issues through (issue 64) and its account; `off`: no invoices are issued. */
export type EInvoiceConfig =
  /** `chosen`: E_INVOICE_PROVIDER=off (the shop invoices elsewhere, e.g. from its accounting software); false: unset. */
  | { provider: 'off'; chosen: boolean }
  | { provider: 'standin' }
  | { provider: 'misa'; apiUrl: string; username: string; password: string; series: string; appId: string }
  | { provider: 'viettel'; apiUrl: string; username: string; password: string; series: string; template: string }
  | { provider: 'vnpt'; apiUrl: string; username: string; password: string; series: string; template: string; account: string; accountPassword: string };

const E_INVOICE_PROVIDERS = ['standin', 'misa', 'viettel', 'vnpt'] as const;

function loadEInvoiceConfig(env: NodeJS.ProcessEnv, nodeEnv: string): EInvoiceConfig {
  const said = nonEmpty(env.E_INVOICE_PROVIDER)?.toLowerCase() ?? null;
  const chosen = said ?? (nodeEnv === 'production' ? 'off' : 'standin');
  if (chosen === 'off') return { provider: 'off', chosen: said !== null };
  if (chosen === 'standin') return { provider: 'standin' };
  if (!(E_INVOICE_PROVIDERS as readonly string[]).includes(chosen)) throw new Error(`E_INVOICE_PROVIDER must be one of off, ${E_INVOICE_PROVIDERS.join(', ')}; got "${chosen}"`);
  const required = (name: string) => {
    const value = nonEmpty(env[name]);
    if (value === null) throw new Error(`${name} is required with E_INVOICE_PROVIDER=${chosen}`);
    return value;
  };
  const account = { apiUrl: parseOrigin('E_INVOICE_API_URL', required('E_INVOICE_API_URL'), ''), username: required('E_INVOICE_USERNAME'), password: required('E_INVOICE_PASSWORD'), series: required('E_INVOICE_SERIES') };
  if (chosen === 'misa') return { provider: 'misa', ...account, appId: required('E_INVOICE_APP_ID') };
  if (chosen === 'viettel') return { provider: 'viettel', ...account, template: required('E_INVOICE_TEMPLATE') };
  return { provider: 'vnpt', ...account, template: required('E_INVOICE_TEMPLATE'), account: required('E_INVOICE_ACCOUNT'), accountPassword: required('E_INVOICE_ACCOUNT_PASSWORD') };
}

/** GHN's account (GHN_*): the API root, the shop's token and ShopId, the secret its webhook URL carries (`?key=`). */
export interface GhnSettings {
  apiUrl: string;
  token: string;
  shopId: number;
  webhookSecret: string;
}

/** GHTK's account (GHTK_*): the API root, the shop's token, the `hash` its webhook carries. */
export interface GhtkSettings {
  apiUrl: string;
  token: string;
  webhookHash: string;
}

/**
 * The carriers the shop ships with. `standin`: both carriers' local stand-ins, started in-process on loopback ports at
 * first use with the demo credentials below (development and tests); `live`: the GHN_* / GHTK_* accounts given.
 */
export interface CarriersConfig {
  mode: 'standin' | 'live';
  /** CARRIERS (comma list, e.g. `ghn,ghtk`; `none`): the carriers offered at checkout and at the desk. */
  enabled: Array<'GHN' | 'GHTK'>;
  ghn: GhnSettings | null;
  ghtk: GhtkSettings | null;
}

/** The carriers' production API roots (GHN: https://api.ghn.vn/home/docs/detail; GHTK: https://docs.giaohangtietkiem.vn). */
export const GHN_API_URL = 'https://online-gateway.ghn.vn';
export const GHTK_API_URL = 'https://services.giaohangtietkiem.vn';

/** The credentials the carriers' stand-ins accept (published here): production refuses them (productionSafety.ts). */
export const DEMO_CARRIER_KEYS = {
  ghnToken: 'demo-ghn-token-7c1e2a9b',
  ghnShopId: 885_001,
  ghnWebhookSecret: 'demo-ghn-webhook-secret-4f8d2b6e',
  ghtkToken: 'demo-ghtk-token-3a9e7c5d',
  ghtkWebhookHash: 'demo-ghtk-webhook-hash-8b2f6d1c',
} as const;

/** Where a stand-in carrier is reached before its loopback port is known (replaced when it starts). */
export const CARRIER_STAND_IN_URL = 'http://127.0.0.1';

const CARRIER_NAMES = { ghn: 'GHN', ghtk: 'GHTK' } as const;

function loadCarriersConfig(env: NodeJS.ProcessEnv, nodeEnv: string): CarriersConfig {
  const production = nodeEnv === 'production';
  const saidMode = nonEmpty(env.CARRIERS_MODE)?.toLowerCase() ?? null;
  if (saidMode !== null && saidMode !== 'standin' && saidMode !== 'live') throw new Error(`CARRIERS_MODE must be standin or live; got "${saidMode}"`);
  const anyAccount = nonEmpty(env.GHN_TOKEN) !== null || nonEmpty(env.GHTK_TOKEN) !== null;
  const mode = saidMode ?? (production || anyAccount ? 'live' : 'standin');
  const saidCarriers = nonEmpty(env.CARRIERS)?.toLowerCase() ?? null;
  let enabled: Array<'GHN' | 'GHTK'>;
  if (saidCarriers === null) {
    enabled = mode === 'standin' ? ['GHN', 'GHTK'] : [...(nonEmpty(env.GHN_TOKEN) ? (['GHN'] as const) : []), ...(nonEmpty(env.GHTK_TOKEN) ? (['GHTK'] as const) : [])];
  } else if (saidCarriers === 'none' || saidCarriers === 'off') {
    enabled = [];
  } else {
    enabled = [];
    for (const name of saidCarriers.split(',').map((part) => part.trim()).filter(Boolean)) {
      if (!(name in CARRIER_NAMES)) throw new Error(`CARRIERS must list ghn and/or ghtk (or none); got "${name}"`);
      const carrier = CARRIER_NAMES[name as keyof typeof CARRIER_NAMES];
      if (!enabled.includes(carrier)) enabled.push(carrier);
    }
  }
  if (mode === 'standin') {
    return {
      mode,
      enabled,
      ghn: { apiUrl: CARRIER_STAND_IN_URL, token: DEMO_CARRIER_KEYS.ghnToken, shopId: DEMO_CARRIER_KEYS.ghnShopId, webhookSecret: DEMO_CARRIER_KEYS.ghnWebhookSecret },
      ghtk: { apiUrl: CARRIER_STAND_IN_URL, token: DEMO_CARRIER_KEYS.ghtkToken, webhookHash: DEMO_CARRIER_KEYS.ghtkWebhookHash },
    };
  }
  const required = (name: string, carrier: string) => {
    const value = nonEmpty(env[name]);
    if (value === null) throw new Error(`${name} is required to ship with ${carrier} (CARRIERS)`);
    return value;
  };
  let ghn: GhnSettings | null = null;
  if (enabled.includes('GHN')) {
    const shopId = Number(required('GHN_SHOP_ID', 'GHN'));
    if (!Number.isSafeInteger(shopId) || shopId <= 0) throw new Error(`GHN_SHOP_ID must be GHN's numeric ShopId; got "${env.GHN_SHOP_ID}"`);
    ghn = { apiUrl: parseOrigin('GHN_API_URL', env.GHN_API_URL, GHN_API_URL), token: required('GHN_TOKEN', 'GHN'), shopId, webhookSecret: required('GHN_WEBHOOK_SECRET', 'GHN') };
  }
  const ghtk = enabled.includes('GHTK') ? { apiUrl: parseOrigin('GHTK_API_URL', env.GHTK_API_URL, GHTK_API_URL), token: required('GHTK_TOKEN', 'GHTK'), webhookHash: required('GHTK_WEBHOOK_HASH', 'GHTK') } : null;
  return { mode, enabled, ghn, ghtk };
}

function loadPayOsConfig(env: NodeJS.ProcessEnv, nodeEnv: string, publicUrl: string): PayOsConfig | null {
  const production = nodeEnv === 'production';
  const clientId = nonEmpty(env.PAYOS_CLIENT_ID);
  const apiKey = nonEmpty(env.PAYOS_API_KEY);
  const checksumKey = nonEmpty(env.PAYOS_CHECKSUM_KEY);
  if (production && (clientId === null || apiKey === null || checksumKey === null)) return null;
  const standInUrl = `${publicUrl}/api/dev/payos`;
  const apiUrl = parseOrigin('PAYOS_API_URL', env.PAYOS_API_URL, production ? PAYOS_API_URL : standInUrl);
  return {
    clientId: clientId ?? DEMO_PAYMENT_KEYS.payOsClientId,
    apiKey: apiKey ?? DEMO_PAYMENT_KEYS.payOsApiKey,
    checksumKey: checksumKey ?? DEMO_PAYMENT_KEYS.payOsChecksumKey,
    apiUrl,
    // The stand-in answers only where it is the API being called (PAYOS_API_URL unset, never in production).
    standIn: !production && nonEmpty(env.PAYOS_API_URL) === null,
  };
}

function loadSepayWebhookKey(env: NodeJS.ProcessEnv, nodeEnv: string): string | null {
  return nonEmpty(env.SEPAY_WEBHOOK_KEY) ?? (nodeEnv === 'production' ? null : DEMO_PAYMENT_KEYS.sepayWebhookKey);
}

/** Web Push's VAPID identity (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: base64url P-256 keys; VAPID_SUBJECT: mailto: or https:). */
export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Zalo ZNS (the OA's template messages): the access token, the API and a template id per notification kind. */
export interface ZaloZnsConfig {
  /** ZALO_ZNS_API_URL: https://business.openapi.zalo.me; development defaults to the stand-in served by this API. */
  apiUrl: string;
  /** ZALO_ZNS_ACCESS_TOKEN: the OA's access token (header access_token). */
  accessToken: string;
  /** ZALO_ZNS_TEMPLATES: JSON { "<notification kind>": "<template id>" }; a kind without one is not sent on Zalo. */
  templates: Record<string, string>;
  /** The development stand-in answers at /api/dev/zalo (ZALO_ZNS_API_URL unset; never in production). */
  standIn: boolean;
}

/** eSMS.vn brandname SMS (customer-care messages, SmsType 2). */
export interface EsmsConfig {
  /** ESMS_API_URL: https://rest.esms.vn; development defaults to the stand-in served by this API. */
  apiUrl: string;
  apiKey: string;
  secretKey: string;
  /** ESMS_BRANDNAME: the registered sender name. */
  brandname: string;
  standIn: boolean;
}

export interface NotificationChannelsConfig {
  /** Null: push is sent nowhere real (production: push is off; development: the dev push outbox, see pushStandIn). */
  vapid: VapidConfig | null;
  /** Development without VAPID_* keys: browsers subscribe with the demo key and pushes land in GET /api/dev/push-outbox. */
  pushStandIn: boolean;
  /** The key browsers subscribe with (null: push is off). */
  pushPublicKey: string | null;
  /** Null: Zalo is off (production without ZALO_ZNS_ACCESS_TOKEN). */
  zalo: ZaloZnsConfig | null;
  /** Null: SMS is off (production without ESMS_API_KEY). */
  sms: EsmsConfig | null;
}

export const ZALO_ZNS_API_URL = 'https://business.openapi.zalo.me';
export const ESMS_API_URL = 'https://rest.esms.vn';
/** ESMS_BRANDNAME when unset: development's sender, never the shop's registered one (production refuses it). */
export const DEVELOPMENT_ESMS_BRANDNAME = 'EVSERVICE';

/** Development's channel keys (the stand-ins'): never in production (productionSafety.ts). The VAPID pair is published here, so anyone could sign pushes with it. */
export const DEMO_NOTIFICATION_KEYS = {
  vapidPublicKey: 'BJrhghT1CEvmS77ufSAlednKO1nfLaby6ZO_gEAnSo4zmxDdqjNG7MjLTygVGbGD2chHSMueDNTYXiV7Y1X_Dew',
  vapidPrivateKey: 'elu_yb_iR4wG986hSb_XGuICZnC6pYYRInQvS0O2npo',
  zaloAccessToken: 'demo-zalo-zns-access-token-7f3a91c2',
  esmsApiKey: 'demo-esms-api-key-4b8e2d61',
  esmsSecretKey: 'demo-esms-secret-key-9c1f5a73',
} as const;

/** Development's ZNS template ids (the stand-in accepts any): one per kind a customer gets. */
const DEMO_ZNS_TEMPLATES: Record<string, string> = Object.fromEntries(
  ['booking_confirmed', 'booking_rescheduled', 'booking_cancelled', 'booking_reminder', 'vehicle_checked_in', 'vehicle_ready', 'service_invoiced', 'approval_needed', 'payment_received', 'order_confirmed', 'order_shipped', 'order_ready_for_pickup', 'order_refunded', 'new_message', 'price_drop', 'back_in_stock', 'order_placed', 'order_completed', 'order_cancelled', 'forecast_reminder', 'service_rating_request', 'service_rating_moderated', 'invoice_refunded', 'e_invoice_issued', 'loyalty_points_expiring', 'loyalty_birthday_bonus'].map((kind, index) => [kind, String(300100 + index)]),
);

function base64UrlBytes(value: string): number {
  return /^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url').length : -1;
}

function loadVapidConfig(env: NodeJS.ProcessEnv): VapidConfig | null {
  const publicKey = nonEmpty(env.VAPID_PUBLIC_KEY);
  const privateKey = nonEmpty(env.VAPID_PRIVATE_KEY);
  const subject = nonEmpty(env.VAPID_SUBJECT);
  if (publicKey === null && privateKey === null && subject === null) return null;
  if (publicKey === null || privateKey === null || subject === null) throw new Error('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set together (npx web-push generate-vapid-keys)');
  if (base64UrlBytes(publicKey) !== 65) throw new Error('VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes; npx web-push generate-vapid-keys)');
  if (base64UrlBytes(privateKey) !== 32) throw new Error('VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes; npx web-push generate-vapid-keys)');
  if (!/^(mailto:.+@.+|https:\/\/.+)$/.test(subject)) throw new Error('VAPID_SUBJECT must be a mailto: address or an https: URL of the shop');
  return { publicKey, privateKey, subject };
}

/** PUSH_ENDPOINT_HOSTS: comma-separated host names (`*.` and a suffix for a whole domain); never an IP address or a port. */
function parsePushEndpointHosts(value: string | undefined): string[] {
  const text = nonEmpty(value);
  if (text === null) return [];
  return text.split(',').map((entry) => {
    const host = entry.trim().toLowerCase();
    const name = host.startsWith('*.') ? host.slice(2) : host;
    if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(name)) {
      throw new Error(`PUSH_ENDPOINT_HOSTS: "${entry.trim()}" must be a push service's DNS name (push.example.com or *.example.com), not an IP address, port or URL`);
    }
    return host;
  });
}

function parseZnsTemplates(value: string | undefined, fallback: Record<string, string>): Record<string, string> {
  const text = nonEmpty(value);
  if (text === null) return { ...fallback };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('ZALO_ZNS_TEMPLATES must be a JSON object {"booking_confirmed":"123456", ...}');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('ZALO_ZNS_TEMPLATES must be a JSON object {"booking_confirmed":"123456", ...}');
  const templates: Record<string, string> = {};
  for (const [kind, id] of Object.entries(parsed)) {
    if (!/^[a-z_]+$/.test(kind) || !/^\d{1,20}$/.test(String(id))) throw new Error(`ZALO_ZNS_TEMPLATES: "${kind}" must map a notification kind to a numeric template id`);
    templates[kind] = String(id);
  }
  return templates;
}

function loadNotificationChannelsConfig(env: NodeJS.ProcessEnv, nodeEnv: string, publicUrl: string): NotificationChannelsConfig {
  const production = nodeEnv === 'production';
  const vapid = loadVapidConfig(env);
  const pushStandIn = !production && vapid === null;

  const zaloToken = nonEmpty(env.ZALO_ZNS_ACCESS_TOKEN);
  const zalo: ZaloZnsConfig | null =
    production && zaloToken === null
      ? null
      : {
          apiUrl: parseOrigin('ZALO_ZNS_API_URL', env.ZALO_ZNS_API_URL, production ? ZALO_ZNS_API_URL : `${publicUrl}/api/dev/zalo`),
          accessToken: zaloToken ?? DEMO_NOTIFICATION_KEYS.zaloAccessToken,
          templates: parseZnsTemplates(env.ZALO_ZNS_TEMPLATES, production ? {} : DEMO_ZNS_TEMPLATES),
          standIn: !production && nonEmpty(env.ZALO_ZNS_API_URL) === null,
        };

  const esmsKey = nonEmpty(env.ESMS_API_KEY);
  const esmsSecret = nonEmpty(env.ESMS_SECRET_KEY);
  if ((esmsKey === null) !== (esmsSecret === null)) throw new Error('ESMS_API_KEY and ESMS_SECRET_KEY must be set together');
  const sms: EsmsConfig | null =
    production && esmsKey === null
      ? null
      : {
          apiUrl: parseOrigin('ESMS_API_URL', env.ESMS_API_URL, production ? ESMS_API_URL : `${publicUrl}/api/dev/esms`),
          apiKey: esmsKey ?? DEMO_NOTIFICATION_KEYS.esmsApiKey,
          secretKey: esmsSecret ?? DEMO_NOTIFICATION_KEYS.esmsSecretKey,
          brandname: (nonEmpty(env.ESMS_BRANDNAME) ?? DEVELOPMENT_ESMS_BRANDNAME).slice(0, 11),
          standIn: !production && nonEmpty(env.ESMS_API_URL) === null,
        };

  return {
    vapid,
    pushStandIn,
    pushPublicKey: vapid?.publicKey ?? (pushStandIn ? DEMO_NOTIFICATION_KEYS.vapidPublicKey : null),
    zalo,
    sms,
  };
}

export type DatabaseConfig = Pick<Config, 'databaseUrl' | 'sqliteFile'>;

/** The S3-compatible bucket of the stored files (Config.objectStorage). */
export interface S3Settings {
  /** S3_ENDPOINT: the server's URL (MinIO, R2, …); null: AWS S3 of the region. */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_FORCE_PATH_STYLE: http://host/bucket/key rather than http://bucket.host/key (MinIO needs it; default true when S3_ENDPOINT is set). */
  forcePathStyle: boolean;
}

/** Credentials that are someone's default or a placeholder (MinIO's, s3rver's, the docs', compose's development key): never production's. */
const PLACEHOLDER_S3_CREDENTIALS = /^(minioadmin|s3rver|admin|root|test|user)$|minioadmin|change-?me|replace|placeholder|example|dummy|sample|your[-_ ]|passw(or)?d|(^|[-_])dev([-_]|$)/i;
/** A secret key shorter than this was typed, not generated (MinIO asks for 8 at least; AWS's are 40). */
const MIN_S3_SECRET_LENGTH = 16;

const s3Schema = z.object({
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL' }).optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name (3–63 lower-case letters, digits, dots, hyphens)'),
  S3_REGION: z.string().min(1).max(64).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string({ error: 'S3_ACCESS_KEY_ID must be set with S3_BUCKET' }).min(1, 'S3_ACCESS_KEY_ID must be set with S3_BUCKET').max(256),
  S3_SECRET_ACCESS_KEY: z.string({ error: 'S3_SECRET_ACCESS_KEY must be set with S3_BUCKET' }).min(1, 'S3_SECRET_ACCESS_KEY must be set with S3_BUCKET').max(256),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'S3_FORCE_PATH_STYLE must be true or false' }).optional(),
});

/** Config.objectStorage from S3_*; production refuses placeholder credentials. */
export function loadS3Settings(env: NodeJS.ProcessEnv, nodeEnv: string): S3Settings | null {
  const read = (name: string): string | undefined => nonEmpty(env[name]) ?? undefined;
  if (read('S3_BUCKET') === undefined) {
    const stray = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => read(name) !== undefined);
    if (stray.length > 0) throw new Error(`S3_BUCKET must be set with ${stray.join(', ')} (or leave every S3_* setting unset to store files in UPLOAD_DIR)`);
    return null;
  }
  const parsed = s3Schema.safeParse(Object.fromEntries(Object.keys(s3Schema.shape).map((name) => [name, read(name)])));
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => issue.message).join('; '));
  const values = parsed.data;
  if (nodeEnv === 'production') {
    for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (PLACEHOLDER_S3_CREDENTIALS.test(values[name])) throw new Error(`${name} looks like a default or placeholder credential: set the bucket's own access key in production`);
    }
    if (values.S3_SECRET_ACCESS_KEY.length < MIN_S3_SECRET_LENGTH) throw new Error(`S3_SECRET_ACCESS_KEY is shorter than ${MIN_S3_SECRET_LENGTH} characters: generate one (openssl rand -base64 30)`);
  }
  const endpoint = values.S3_ENDPOINT?.replace(/\/+$/, '') ?? null;
  return {
    endpoint,
    bucket: values.S3_BUCKET,
    region: values.S3_REGION,
    accessKeyId: values.S3_ACCESS_KEY_ID,
    secretAccessKey: values.S3_SECRET_ACCESS_KEY,
    forcePathStyle: values.S3_FORCE_PATH_STYLE === undefined ? endpoint !== null : values.S3_FORCE_PATH_STYLE === 'true',
  };
}

function nonEmpty(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function parsePort(value: string | undefined): number {
  const text = nonEmpty(value);
  if (text === null) return 4000;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${text}"`);
  }
  return port;
}

function parseLogLevel(value: string | undefined): LogLevel {
  const text = nonEmpty(value)?.toLowerCase() ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(text)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${text}"`);
  }
  return text as LogLevel;
}

function parseOrigin(name: string, value: string | undefined, fallback: string): string {
  const text = nonEmpty(value) ?? fallback;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL, got "${text}"`);
  return text.replace(/\/+$/, '');
}

function parseTrustProxy(value: string | undefined): boolean | string {
  const text = nonEmpty(value);
  if (text === null) return 'loopback';
  if (text.toLowerCase() === 'true') return true;
  if (text.toLowerCase() === 'false') return false;
  return text;
}

export const API_DOCS_SETTINGS = ['off', 'admin', 'public'] as const;
export type ApiDocsAccess = (typeof API_DOCS_SETTINGS)[number];

/** See Config.apiDocs. */
export function resolveApiDocs(value: string | undefined, nodeEnv: string): ApiDocsAccess {
  const text = nonEmpty(value)?.toLowerCase() ?? null;
  if (text === null) return nodeEnv === 'production' ? 'off' : 'public';
  if (!(API_DOCS_SETTINGS as readonly string[]).includes(text)) throw new Error(`API_DOCS must be one of ${API_DOCS_SETTINGS.join(', ')}, got "${value}"`);
  return text as ApiDocsAccess;
}

const DEV_OUTBOX_SETTINGS = ['on', 'off'] as const;

/** See Config.devOutbox. */
export function resolveDevOutbox(value: string | undefined, host: string, nodeEnv: string): boolean {
  const text = nonEmpty(value)?.toLowerCase() ?? null;
  if (text !== null && !(DEV_OUTBOX_SETTINGS as readonly string[]).includes(text)) {
    throw new Error(`DEV_OUTBOX must be one of ${DEV_OUTBOX_SETTINGS.join(', ')}, got "${value}"`);
  }
  if (nodeEnv === 'production') {
    if (text === 'on') throw new Error('DEV_OUTBOX=on is not allowed in production: the dev outbox shows every verification and reset code');
    return false;
  }
  if (text !== null) return text === 'on';
  return isLoopbackHost(host);
}

/** An origin (scheme, host, optional port) from `entry`, or null when it is anything else. */
function originOf(entry: string): string | null {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return null;
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password && !entry.includes('?') && !entry.includes('#');
  return bare && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : null;
}

function parseCorsOrigins(value: string | undefined): string[] {
  const entries = (nonEmpty(value) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const origins = entries.map((entry) => {
    const origin = originOf(entry);
    if (origin === null) throw new Error(`CORS_ORIGINS must list origins such as https://app.example.vn (scheme, host, optional port; no path), got "${entry}"`);
    return origin;
  });
  return [...new Set(origins)];
}

/** An integer setting between `min` and `max`, `fallback` when unset. */
function parseIntegerSetting(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  const text = nonEmpty(value);
  if (text === null) return fallback;
  const number = Number(text);
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max}, got "${text}"`);
  }
  return number;
}

/** A VAT rate setting: one of Vietnam's rates (0, 5, 8, 10 %), or `fallback` when unset. */
function parseVatRateSetting(name: string, value: string | undefined, fallback: number): number {
  const text = nonEmpty(value);
  if (text === null) return fallback;
  const rate = Number(text.replace(/%$/, '').trim());
  if (![0, 5, 8, 10].includes(rate)) throw new Error(`${name} must be one of 0, 5, 8, 10 (a VAT rate in %), got "${text}"`);
  return rate;
}

function parseSecret(value: string | undefined): string | null {
  const text = nonEmpty(value);
  if (text !== null && text.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
  return text;
}

export const GOOGLE_DEFAULTS = {
  jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
  issuers: ['https://accounts.google.com', 'accounts.google.com'],
  authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
} as const;

function loadGoogleConfig(env: NodeJS.ProcessEnv, publicUrl: string): GoogleConfig {
  const issuers = nonEmpty(env.GOOGLE_ISSUER);
  return {
    clientId: nonEmpty(env.GOOGLE_CLIENT_ID),
    clientSecret: nonEmpty(env.GOOGLE_CLIENT_SECRET),
    jwksUrl: parseOrigin('GOOGLE_JWKS_URL', env.GOOGLE_JWKS_URL, GOOGLE_DEFAULTS.jwksUrl),
    issuers: issuers ? issuers.split(',').map((issuer) => issuer.trim()).filter(Boolean) : [...GOOGLE_DEFAULTS.issuers],
    authorizationUrl: parseOrigin('GOOGLE_AUTH_URL', env.GOOGLE_AUTH_URL, GOOGLE_DEFAULTS.authorizationUrl),
    tokenUrl: parseOrigin('GOOGLE_TOKEN_URL', env.GOOGLE_TOKEN_URL, GOOGLE_DEFAULTS.tokenUrl),
    redirectUri: parseOrigin('GOOGLE_REDIRECT_URI', env.GOOGLE_REDIRECT_URI, `${publicUrl}/api/auth/google/callback`),
  };
}

/** CLOCK_START: an ISO 8601 instant, refused in production (a shifted clock there would be a defect). */
export function parseClockStart(value: string | undefined, nodeEnv: string): string | null {
  const text = nonEmpty(value);
  if (text === null) return null;
  if (nodeEnv === 'production') throw new Error('CLOCK_START is for tests and demos only, never in production');
  const instant = Date.parse(text);
  if (!/^\d{4}-\d\d-\d\dT/.test(text) || Number.isNaN(instant)) throw new Error(`CLOCK_START must be an ISO 8601 instant, got ${JSON.stringify(text)}`);
  return new Date(instant).toISOString();
}

/** Reads the configuration from the environment. Pure: creates no folders (see ensureSqliteFolder). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const sqliteFile = nonEmpty(env.SQLITE_FILE);
  const uploadDir = nonEmpty(env.UPLOAD_DIR);
  const publicUrl = parseOrigin('PUBLIC_URL', env.PUBLIC_URL, DEVELOPMENT_PUBLIC_URL);
  const host = nonEmpty(env.HOST) ?? '127.0.0.1';
  const nodeEnv = nonEmpty(env.NODE_ENV) ?? 'development';
  return {
    port: parsePort(env.PORT),
    host,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    sqliteFile: sqliteFile ? path.resolve(sqliteFile) : path.join(REPO_ROOT, 'data', 'ev-shop.sqlite'),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    nodeEnv,
    jwtSecret: parseSecret(env.JWT_SECRET),
    redisUrl: nonEmpty(env.REDIS_URL),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'EV Service <no-reply@evshop.vn>',
    uploadDir: uploadDir ? path.resolve(uploadDir) : path.join(REPO_ROOT, 'data', 'uploads'),
    objectStorage: loadS3Settings(env, nodeEnv),
    publicUrl,
    google: loadGoogleConfig(env, publicUrl),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    devOutbox: resolveDevOutbox(env.DEV_OUTBOX, host, nodeEnv),
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    bookingChangeCutoffMinutes: parseIntegerSetting('BOOKING_CHANGE_CUTOFF_MINUTES', env.BOOKING_CHANGE_CUTOFF_MINUTES, 120, 0, 7 * 24 * 60),
    vietQr: loadVietQrConfig(env),
    shippingCentreId: nonEmpty(env.WEB_ORDERS_SHIPPING_CENTRE_ID) === null ? null : parseIntegerSetting('WEB_ORDERS_SHIPPING_CENTRE_ID', env.WEB_ORDERS_SHIPPING_CENTRE_ID, 1, 1, 2_147_483_647),
    shippingVatRate: parseVatRateSetting('SHIPPING_VAT_RATE', env.SHIPPING_VAT_RATE, 8),
    clockStart: parseClockStart(env.CLOCK_START, nodeEnv),
    payOs: loadPayOsConfig(env, nodeEnv, publicUrl),
    eInvoice: loadEInvoiceConfig(env, nodeEnv),
    carriers: loadCarriersConfig(env, nodeEnv),
    sepayWebhookKey: loadSepayWebhookKey(env, nodeEnv),
    apiDocs: resolveApiDocs(env.API_DOCS, nodeEnv),
    seller: loadSellerConfig(env),
    notificationChannels: loadNotificationChannelsConfig(env, nodeEnv, publicUrl),
    pushEndpointHosts: parsePushEndpointHosts(env.PUSH_ENDPOINT_HOSTS),
    pushStandInOrigin: null,
    defaultsUsed: [
      ...REQUIRED_IN_PRODUCTION.filter((name) => nonEmpty(env[name]) === null),
      // SMS on (its keys set) without its sender: development's brandname would sign the shop's messages.
      ...(nonEmpty(env.ESMS_API_KEY) !== null && nonEmpty(env.ESMS_BRANDNAME) === null ? ['ESMS_BRANDNAME'] : []),
    ],
  };
}

/** The data folder: where the SQLite file lives (also when PostgreSQL is used, for the dev JWT secret). */
export function dataFolder(config: Pick<Config, 'sqliteFile'>): string {
  return config.sqliteFile === ':memory:' ? path.join(REPO_ROOT, 'data') : path.dirname(config.sqliteFile);
}

/**
 * The access-token key: JWT_SECRET when set; in production it is required; in development one is generated
 * once and kept in `<data folder>/jwt-secret` (mode 600) so a restart keeps everyone signed in.
 */
export function resolveJwtSecret(config: Pick<Config, 'jwtSecret' | 'nodeEnv' | 'sqliteFile'>): string {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.nodeEnv === 'production') throw new Error('JWT_SECRET must be set in production (at least 32 characters)');
  const folder = dataFolder(config);
  const file = path.join(folder, 'jwt-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch {
    // not there yet
  }
  mkdirSync(folder, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** Creates the folder of the SQLite file if it is missing. */
export function ensureSqliteFolder(sqliteFile: string): void {
  if (sqliteFile === ':memory:') return;
  mkdirSync(path.dirname(sqliteFile), { recursive: true });
}

/** Where the data lives, for logs and CLI output, without the password: 'SQLite /x/ev-shop.sqlite', 'PostgreSQL evshop@db:5432/evshop'. */
export function describeDatabase(config: DatabaseConfig): string {
  if (!config.databaseUrl) return `SQLite ${config.sqliteFile}`;
  try {
    const url = new URL(config.databaseUrl);
    const user = url.username ? `${decodeURIComponent(url.username)}@` : '';
    return `PostgreSQL ${user}${url.host}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
