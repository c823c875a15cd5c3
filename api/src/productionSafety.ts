import { createECDH } from 'node:crypto';
import { isIP } from 'node:net';
import { DEMO_CARRIER_KEYS, DEMO_NOTIFICATION_KEYS, DEMO_PAYMENT_KEYS, DEMO_SELLER, DEMO_VIETQR, DEVELOPMENT_ESMS_BRANDNAME, type Config } from './config';
import { isLoopbackHost } from './http/loopback';

/**
 * What production must not start with (DESIGN.md §2: "Production is configured, never defaulted"): errors refuse
 * the start, warnings are said once at start. Development and tests are not checked (both lists empty).
 * Messages are for the operator: they name the setting and the fix, never a secret's value.
 */
export interface ProductionSafety {
  errors: string[];
  warnings: string[];
}

export type SafetyConfig = Pick<Config, 'nodeEnv' | 'jwtSecret' | 'publicUrl' | 'vietQr' | 'databaseUrl' | 'smtpUrl' | 'redisUrl' | 'defaultsUsed' | 'payOs' | 'sepayWebhookKey' | 'seller' | 'notificationChannels' | 'objectStorage' | 'google' | 'eInvoice' | 'carriers'>;

export const MIN_SECRET_LENGTH = 32;
/** A key with fewer different characters than this was typed, not generated ('x' × 40, 'abcabc…'). */
export const MIN_DISTINCT_SECRET_CHARACTERS = 10;

/**
 * Every access-token key that was ever written in this repository (docker-compose's old default, the tests', the
 * benchmarks'): anyone who read it can sign an admin's token. test/productionSafety.test.ts scans the repository's
 * files so that a new one cannot be added without being refused.
 */
export const KNOWN_EXAMPLE_SECRETS: readonly string[] = [
  'change-me-in-production-with-32-or-more-characters',
  'test-secret-test-secret-test-secret-0123456789',
  'bench-secret-bench-secret-bench-secret-0123',
];

/** Words of a placeholder or a human-chosen key: a generated one (openssl rand -base64 48) holds none of them. */
const PLACEHOLDER_WORDS = /change-?me|replace|placeholder|example|secret|passw(or)?d|dummy|sample|insecure|default|your[-_ ]|test[-_ ]|bench[-_ ]|demo[-_ ]/i;

const MAKE_A_SECRET = 'generate one with `openssl rand -base64 48`';

const isWordEdge = (character: string | undefined) => character === undefined || !/[a-z0-9]/i.test(character);

/**
 * Whether a key holds a placeholder word as a person writes one: the word at the start or the end of the key, or next
 * to a separator ("my-secret-key", "CHANGEME_…"). A random draw holds such letters inside a run of others now and
 * then ("…Q9test_x…"): that is no placeholder.
 */
function holdsPlaceholderWord(value: string): boolean {
  for (const match of value.matchAll(new RegExp(PLACEHOLDER_WORDS.source, 'gi'))) {
    const before = value[match.index - 1];
    const after = value[match.index + match[0].length];
    if (isWordEdge(before) || (!/[-_ ]$/.test(match[0]) && isWordEdge(after))) return true;
  }
  return false;
}

/** How many of a key's neighbouring characters may step by one (a→b, 9→8) before it reads as a typed run, not a random draw. */
const MAX_STEP_SHARE = 0.5;

/**
 * A key that is a run of neighbouring characters ('abcdefghijklmnopqrstuvwxyz012345', '0123456789…', '9876…') or one
 * short block repeated ('k9Vq2xR7mZ' × 4): every character is guessable from the ones before it. A generated key
 * (base64, hex, a UUID) steps by one between about one pair in twenty and is never periodic.
 */
export function isPlainSequence(key: string): boolean {
  if (key.length < 2) return false;
  let steps = 0;
  for (let i = 1; i < key.length; i += 1) {
    if (Math.abs(key.charCodeAt(i) - key.charCodeAt(i - 1)) === 1) steps += 1;
  }
  if (steps / (key.length - 1) >= MAX_STEP_SHARE) return true;
  for (let period = 1; period <= key.length / 2; period += 1) {
    if (key.slice(period) === key.slice(0, key.length - period)) return true;
  }
  return false;
}

/** Why `secret` must not sign production's tokens, or null when it may. Never includes the secret. */
export function unsafeSecretReason(secret: string | null): string | null {
  if (secret === null || secret.trim() === '') return `JWT_SECRET is not set: ${MAKE_A_SECRET}`;
  if (secret.length < MIN_SECRET_LENGTH) return `JWT_SECRET is shorter than ${MIN_SECRET_LENGTH} characters: ${MAKE_A_SECRET}`;
  if (KNOWN_EXAMPLE_SECRETS.includes(secret)) return `JWT_SECRET is an example key published in this repository (anyone can sign tokens with it): ${MAKE_A_SECRET}`;
  if (holdsPlaceholderWord(secret)) return `JWT_SECRET looks like a placeholder (it contains a word such as "change-me", "secret" or "example"): ${MAKE_A_SECRET}`;
  if (new Set(secret).size < MIN_DISTINCT_SECRET_CHARACTERS) return `JWT_SECRET has fewer than ${MIN_DISTINCT_SECRET_CHARACTERS} different characters, so it was not generated: ${MAKE_A_SECRET}`;
  if (isPlainSequence(secret)) return `JWT_SECRET is a plain sequence (a run such as "abcdef…" or "0123…", or a short block repeated), so it was not generated: ${MAKE_A_SECRET}`;
  return null;
}

/** Host names reserved for examples and tests (RFC 2606, RFC 6761) and for this machine. */
function isPlaceholderOrLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (isLoopbackHost(host) || host.endsWith('.localhost') || host === '0.0.0.0' || host === '::') return true;
  if (isIP(host) === 0 && /(^|\.)(example|test|invalid)$/.test(host)) return true;
  return /(^|\.)example\.[a-z]+$/.test(host);
}

/** Why PUBLIC_URL cannot be production's, or null. */
function unsafePublicUrlReason(config: SafetyConfig): string | null {
  const fix = 'set PUBLIC_URL to the https origin customers open (e.g. https://cuahang.vn)';
  if (config.defaultsUsed.includes('PUBLIC_URL')) return `PUBLIC_URL is not set (the development default ${config.publicUrl} would go into emails and OAuth redirects): ${fix}`;
  const url = new URL(config.publicUrl);
  if (url.protocol !== 'https:') return `PUBLIC_URL ${config.publicUrl} is not https (links in emails, OAuth redirects and HSTS need it): ${fix}`;
  if (isPlaceholderOrLocalHost(url.hostname)) return `PUBLIC_URL ${config.publicUrl} is this machine or an example name, not the site's address: ${fix}`;
  return null;
}

/** Why the VietQR account cannot be production's, or null: customers would transfer to it. */
function unsafeVietQrReason(config: SafetyConfig): string | null {
  const fix = 'set VIETQR_BANK_BIN, VIETQR_ACCOUNT_NUMBER, VIETQR_ACCOUNT_NAME and VIETQR_BANK_NAME to the shop\'s own bank account';
  const unset = config.defaultsUsed.filter((name) => name.startsWith('VIETQR_'));
  if (unset.length > 0) return `${unset.join(', ')} ${unset.length === 1 ? 'is' : 'are'} not set (the demo bank account would be printed on customers' payment QR codes): ${fix}`;
  if (config.vietQr.accountNumber === DEMO_VIETQR.accountNumber) {
    return `VIETQR_ACCOUNT_NUMBER is the demo account ${DEMO_VIETQR.accountNumber} (customers would pay a stranger): ${fix}`;
  }
  return null;
}

/** Why the seller on receipts and VAT invoices cannot be production's (unset, or the demo company), or null. */
function unsafeSellerReason(config: SafetyConfig): string | null {
  const fix = 'set SHOP_LEGAL_NAME, SHOP_TAX_CODE and SHOP_ADDRESS to the shop\'s registered name, tax code and address';
  const unset = config.defaultsUsed.filter((name) => name.startsWith('SHOP_'));
  if (unset.length > 0) return `${unset.join(', ')} ${unset.length === 1 ? 'is' : 'are'} not set (the demo company would be the seller on customers' receipts and VAT invoices): ${fix}`;
  if (config.seller.taxCode === DEMO_SELLER.taxCode || PLACEHOLDER_WORDS.test(config.seller.legalName) || PLACEHOLDER_WORDS.test(config.seller.address)) {
    return `SHOP_LEGAL_NAME, SHOP_TAX_CODE or SHOP_ADDRESS is the demo seller or a placeholder: ${fix}`;
  }
  return null;
}

/**
 * What a provider's key is made of when the provider issued it or a generator made it: at least `minLength`
 * characters, only `characters`, at least MIN_DISTINCT_SECRET_CHARACTERS different ones, not a plain sequence.
 * '1', 'abc', a key pasted with its quotes or its label ('Bearer …', 'key = …') fall below it.
 */
export interface KeyFloor {
  minLength: number;
  /** The whole key, e.g. /^[A-Za-z0-9]+$/. */
  characters: RegExp;
  /** The same, for the operator ("letters and digits"). */
  charactersSaid: string;
}

/** Base64, base64url, hex, UUIDs and the token68 of HTTP authorization (RFC 9110): what generated keys and issued tokens are made of. */
const TOKEN_CHARACTERS = /^[A-Za-z0-9._~+/=-]+$/;
const TOKEN_CHARACTERS_SAID = 'letters, digits and . _ ~ + / = -';

/** Each provider key's floor (the payment keys' length and variety are measured by isWeakPaymentKey, their characters here). */
export const PROVIDER_KEY_FLOORS = {
  // payOS issues UUIDs (API key) and 64 hex digits (checksum key); SePay's is the operator's own (openssl rand -hex 32 or -base64).
  PAYOS_API_KEY: { minLength: MIN_SECRET_LENGTH, characters: TOKEN_CHARACTERS, charactersSaid: TOKEN_CHARACTERS_SAID },
  PAYOS_CHECKSUM_KEY: { minLength: MIN_SECRET_LENGTH, characters: TOKEN_CHARACTERS, charactersSaid: TOKEN_CHARACTERS_SAID },
  SEPAY_WEBHOOK_KEY: { minLength: MIN_SECRET_LENGTH, characters: TOKEN_CHARACTERS, charactersSaid: TOKEN_CHARACTERS_SAID },
  // A Zalo OA access token is a few hundred base64url-like characters.
  ZALO_ZNS_ACCESS_TOKEN: { minLength: MIN_SECRET_LENGTH, characters: TOKEN_CHARACTERS, charactersSaid: TOKEN_CHARACTERS_SAID },
  // eSMS issues 32 letters and digits for each.
  ESMS_API_KEY: { minLength: 24, characters: /^[A-Za-z0-9]+$/, charactersSaid: 'letters and digits' },
  ESMS_SECRET_KEY: { minLength: 24, characters: /^[A-Za-z0-9]+$/, charactersSaid: 'letters and digits' },
  // Google: 'GOCSPX-' and 28 more (older clients: 24 characters).
  GOOGLE_CLIENT_SECRET: { minLength: 24, characters: /^[A-Za-z0-9_-]+$/, charactersSaid: 'letters, digits, _ and -' },
  // AWS: 40 characters, R2: 64 hex digits, MinIO: the operator's (openssl rand -base64 30).
  S3_SECRET_ACCESS_KEY: { minLength: 16, characters: TOKEN_CHARACTERS, charactersSaid: TOKEN_CHARACTERS_SAID },
  // The e-invoice account's passwords are a person's (MISA, Viettel and VNPT ask for 8 or more with mixed classes).
  E_INVOICE_PASSWORD: { minLength: 10, characters: /^[\x21-\x7e]+$/, charactersSaid: 'printable ASCII without spaces' },
  E_INVOICE_ACCOUNT_PASSWORD: { minLength: 10, characters: /^[\x21-\x7e]+$/, charactersSaid: 'printable ASCII without spaces' },
  // GHN issues a UUID (36 characters), GHTK a 40-character token; the webhook secrets are the operator's (openssl rand -hex 32).
  GHN_TOKEN: { minLength: 24, characters: TOKEN_CHARACTERS, charactersSaid: TOKEN_CHARACTERS_SAID },
  GHTK_TOKEN: { minLength: 24, characters: TOKEN_CHARACTERS, charactersSaid: TOKEN_CHARACTERS_SAID },
  GHN_WEBHOOK_SECRET: { minLength: MIN_SECRET_LENGTH, characters: /^[A-Za-z0-9_-]+$/, charactersSaid: 'letters, digits, _ and - (it travels in the callback URL)' },
  GHTK_WEBHOOK_HASH: { minLength: MIN_SECRET_LENGTH, characters: TOKEN_CHARACTERS, charactersSaid: TOKEN_CHARACTERS_SAID },
} as const satisfies Record<string, KeyFloor>;

/** What is wrong with `key` for its floor ("shorter than 32 characters", …), or null when it clears it. Never includes the key. */
export function keyFloorFault(key: string, floor: KeyFloor): string | null {
  if (key.length < floor.minLength) return `shorter than ${floor.minLength} characters`;
  if (!floor.characters.test(key)) return `holds characters other than ${floor.charactersSaid} (pasted with quotes, spaces or its label?)`;
  if (new Set(key).size < MIN_DISTINCT_SECRET_CHARACTERS) return `fewer than ${MIN_DISTINCT_SECRET_CHARACTERS} different characters`;
  if (isPlainSequence(key)) return 'a plain sequence (a run such as "abcdef…" or "0123…", or a short block repeated)';
  return null;
}

/** One error per key below its floor: "<NAME> is too weak for a key (<fault>): <fix>". */
function keyFloorErrors(keys: ReadonlyArray<[keyof typeof PROVIDER_KEY_FLOORS, string | null | undefined]>, fix: string): string[] {
  return keys.flatMap(([name, value]) => {
    const fault = value ? keyFloorFault(value, PROVIDER_KEY_FLOORS[name]) : null;
    return fault ? [`${name} is too weak for a key (${fault}): ${fix}`] : [];
  });
}

/** A host name only a private network resolves (a compose service such as `minio` or `mail`): no dot, not an address. */
function isPrivateNetworkName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return isIP(host.replace(/^\[(.*)\]$/, '$1')) === 0 && !host.includes('.') && !isLoopbackHost(host);
}

const DEMO_KEYS: readonly string[] = Object.values(DEMO_PAYMENT_KEYS);

/** A payment key that can be guessed: shorter than 32 characters or too few different ones (payOS issues 36- and 64-character keys). */
function isWeakPaymentKey(key: string): boolean {
  return key.length < MIN_SECRET_LENGTH || new Set(key).size < MIN_DISTINCT_SECRET_CHARACTERS || isPlainSequence(key);
}

/** Why the payment providers' keys and address cannot be production's (a demo, placeholder or guessable key, a stand-in or plain-http address). Never includes a key. */
function unsafePaymentKeysReasons(config: SafetyConfig): string[] {
  const reason = unsafePaymentKeysReason(config);
  if (reason) return [reason];
  const fix = 'set the keys of the shop\'s own payOS payment channel and SePay webhook';
  const errors = keyFloorErrors(
    [
      ['PAYOS_API_KEY', config.payOs?.apiKey],
      ['PAYOS_CHECKSUM_KEY', config.payOs?.checksumKey],
      ['SEPAY_WEBHOOK_KEY', config.sepayWebhookKey],
    ],
    fix,
  );
  if (config.payOs && (config.payOs.standIn || isStandInUrl(config.payOs.apiUrl))) {
    errors.push('PAYOS_API_URL points at a development stand-in, this machine or an example name: leave it unset (https://api-merchant.payos.vn) or set the https address payOS gives');
  }
  return errors;
}

function unsafePaymentKeysReason(config: SafetyConfig): string | null {
  const fix = 'set the keys of the shop\'s own payOS payment channel and SePay webhook';
  const keys: Array<[string, string | null]> = [
    ['PAYOS_CLIENT_ID', config.payOs?.clientId ?? null],
    ['PAYOS_API_KEY', config.payOs?.apiKey ?? null],
    ['PAYOS_CHECKSUM_KEY', config.payOs?.checksumKey ?? null],
    ['SEPAY_WEBHOOK_KEY', config.sepayWebhookKey],
  ];
  const unsafe = keys.filter(([, value]) => value !== null && (DEMO_KEYS.includes(value) || PLACEHOLDER_WORDS.test(value))).map(([name]) => name);
  if (unsafe.length > 0) return `${unsafe.join(', ')} ${unsafe.length === 1 ? 'is a demo or placeholder key' : 'are demo or placeholder keys'}: ${fix}`;
  // The client id names the payment channel (payOS shows it, it travels beside the API key), so only the secrets are measured.
  const secrets = keys.filter(([name]) => name !== 'PAYOS_CLIENT_ID');
  const weak = secrets.filter(([, value]) => value !== null && isWeakPaymentKey(value)).map(([name]) => name);
  if (weak.length > 0) {
    return `${weak.join(', ')} ${weak.length === 1 ? 'is' : 'are'} too weak for a key (shorter than ${MIN_SECRET_LENGTH} characters, fewer than ${MIN_DISTINCT_SECRET_CHARACTERS} different characters or a plain sequence: whoever guesses it forges payment notifications): ${fix} (SePay: generate its key with \`openssl rand -hex 32\`)`;
  }
  if (config.payOs && !config.payOs.apiUrl.startsWith('https:')) return 'PAYOS_API_URL is not https: leave it unset (https://api-merchant.payos.vn) or set the https address payOS gives';
  return null;
}

const DEMO_CHANNEL_KEYS: readonly string[] = Object.values(DEMO_NOTIFICATION_KEYS);

/** A provider's address that is this machine, an example name or the API's own development stand-in. */
function isStandInUrl(apiUrl: string): boolean {
  const url = new URL(apiUrl);
  return url.pathname.includes('/api/dev/') || isPlaceholderOrLocalHost(url.hostname);
}

/** Whether `publicKey` is the P-256 public key of `privateKey` (both base64url, as web-push generates them). */
export function isVapidKeyPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url'));
  } catch {
    return false; // not a private key of the curve (zero, or not below its order)
  }
}

/** The host of a VAPID subject (mailto:'s domain, https:'s host), or null when it has none. */
function vapidSubjectHost(subject: string): string | null {
  if (subject.startsWith('mailto:')) return subject.slice(subject.lastIndexOf('@') + 1).replace(/[?#].*$/, '') || null;
  try {
    return new URL(subject).hostname;
  } catch {
    return null;
  }
}

/**
 * Why the channels outside the site (Web Push, Zalo ZNS, eSMS) cannot be production's: the demo keys of
 * development (published in this repository), placeholders, keys below their floor, a VAPID pair that is not one, a
 * stand-in's or plain-http address, development's SMS sender. Never includes a key.
 */
function unsafeNotificationChannelsReasons(config: SafetyConfig): string[] {
  const { vapid, pushStandIn, zalo, sms } = config.notificationChannels;
  const keys: Array<[string, string | null]> = [
    ['VAPID_PRIVATE_KEY', vapid?.privateKey ?? null],
    ['VAPID_PUBLIC_KEY', vapid?.publicKey ?? null],
    ['ZALO_ZNS_ACCESS_TOKEN', zalo?.accessToken ?? null],
    ['ESMS_API_KEY', sms?.apiKey ?? null],
    ['ESMS_SECRET_KEY', sms?.secretKey ?? null],
  ];
  const unsafe = keys.filter(([, value]) => value !== null && (DEMO_CHANNEL_KEYS.includes(value) || PLACEHOLDER_WORDS.test(value))).map(([name]) => name);
  if (unsafe.length > 0) return [`${unsafe.join(', ')} ${unsafe.length === 1 ? 'is a demo or placeholder key' : 'are demo or placeholder keys'}: set the shop's own keys (npx web-push generate-vapid-keys; the Zalo OA's access token; the eSMS account's keys) or leave the channel unset`];
  const errors = [
    ...keyFloorErrors([['ZALO_ZNS_ACCESS_TOKEN', zalo?.accessToken]], 'set the Zalo Official Account\'s access token as Zalo issues it, or leave it unset (no Zalo messages)'),
    ...keyFloorErrors(
      [
        ['ESMS_API_KEY', sms?.apiKey],
        ['ESMS_SECRET_KEY', sms?.secretKey],
      ],
      'set the API key and secret key of the shop\'s eSMS.vn account as eSMS shows them, or leave both unset (no SMS)',
    ),
  ];
  if (vapid && !isVapidKeyPair(vapid.publicKey, vapid.privateKey)) {
    errors.push('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY (browsers would refuse every push): set both from one `npx web-push generate-vapid-keys`');
  }
  if (vapid) {
    const host = vapidSubjectHost(vapid.subject);
    if (PLACEHOLDER_WORDS.test(vapid.subject) || host === null || isPlaceholderOrLocalHost(host)) {
      errors.push('VAPID_SUBJECT looks like a placeholder, this machine or an example name: set the shop\'s mailto: address or https: site');
    }
  }
  if (sms && config.defaultsUsed.includes('ESMS_BRANDNAME')) {
    errors.push(`ESMS_BRANDNAME is not set (SMS would go out under development's sender ${DEVELOPMENT_ESMS_BRANDNAME}, not the shop's): set the brandname registered with eSMS.vn`);
  } else if (sms && !/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/.test(sms.brandname)) {
    errors.push('ESMS_BRANDNAME is not a brandname (letters, digits, space, . _ -; at most 11): set the one registered with eSMS.vn');
  }
  const standIns = [
    pushStandIn ? 'Web Push' : null,
    zalo && (zalo.standIn || isStandInUrl(zalo.apiUrl)) ? 'ZALO_ZNS_API_URL' : null,
    sms && (sms.standIn || isStandInUrl(sms.apiUrl)) ? 'ESMS_API_URL' : null,
  ].filter((name): name is string => name !== null);
  if (standIns.length > 0) errors.push(`${standIns.join(', ')} ${standIns.length === 1 ? 'points' : 'point'} at a development stand-in or this machine: leave the URL unset (the provider's own API) or set the provider's https address`);
  const plain = [zalo && !zalo.apiUrl.startsWith('https:') && !isStandInUrl(zalo.apiUrl) ? 'ZALO_ZNS_API_URL' : null, sms && !sms.apiUrl.startsWith('https:') && !isStandInUrl(sms.apiUrl) ? 'ESMS_API_URL' : null].filter((name): name is string => name !== null);
  if (plain.length > 0) errors.push(`${plain.join(', ')} ${plain.length === 1 ? 'is' : 'are'} not https: the access token and keys would travel in clear`);
  return errors;
}

/** A provider's sandbox or demo portal (testapi.meinvoice.vn, …tt78admindemo.vnpt-invoice.com.vn, demo-sinvoice…). */
const SANDBOX_HOST = /(^|[.-])(demo|test|sandbox|staging|uat)|(demo|test|sandbox)([.-]|$)/i;

/** The e-invoice provider: a real one, on https, not its sandbox, its passwords above their floor, a Circular 78 series. */
function unsafeEInvoiceReasons(config: SafetyConfig): string[] {
  const settings = config.eInvoice;
  if (settings.provider === 'off') return [];
  if (settings.provider === 'standin') return ['E_INVOICE_PROVIDER=standin is the development stand-in (no invoice reaches the tax authority): set misa, viettel or vnpt with the shop\'s account, or leave it unset'];
  const errors: string[] = [];
  const url = new URL(settings.apiUrl);
  if (url.protocol !== 'https:') errors.push(`E_INVOICE_API_URL ${url.origin} is not https: set the provider's https address`);
  else if (isPlaceholderOrLocalHost(url.hostname) || SANDBOX_HOST.test(url.hostname)) errors.push(`E_INVOICE_API_URL ${url.origin} is a local, example or sandbox address: set the provider's production address`);
  if (!/^\d?[CK]\d{2}[TDLMNBGHXY][A-Z0-9]{2}$/.test(settings.series)) errors.push(`E_INVOICE_SERIES "${settings.series}" is not a Circular 78 series (e.g. C26TYY or 1C26TYY): set the series registered with the tax authority`);
  const fix = "set the password of the shop's own e-invoice account";
  errors.push(...keyFloorErrors([['E_INVOICE_PASSWORD', settings.password], ['E_INVOICE_ACCOUNT_PASSWORD', settings.provider === 'vnpt' ? settings.accountPassword : null]], fix));
  return errors;
}

/** The carriers' test gateways (GHN's dev-online-gateway.ghn.vn, GHTK's services-staging.ghtklab.com). */
const CARRIER_SANDBOX_HOST = /(^|[.-])dev[.-]|ghtklab|staging|sandbox|(^|[.-])test[.-]/i;
const DEMO_CARRIER_VALUES: readonly string[] = Object.values(DEMO_CARRIER_KEYS).map(String);

/**
 * The carriers (GHN, GHTK): never the stand-ins, never a demo or placeholder token or webhook secret, keys above their
 * floor, the carriers' https production addresses (not their test gateways). Never includes a key.
 */
function unsafeCarrierReasons(config: SafetyConfig): string[] {
  const carriers = config.carriers;
  if (carriers.mode === 'standin') return ['CARRIERS_MODE=standin answers quotes and waybills from local stand-ins (no parcel would ever be picked up): set CARRIERS and the GHN_* / GHTK_* accounts, or leave CARRIERS_MODE unset'];
  const errors: string[] = [];
  const keys: Array<[keyof typeof PROVIDER_KEY_FLOORS, string | undefined]> = [
    ['GHN_TOKEN', carriers.ghn?.token],
    ['GHN_WEBHOOK_SECRET', carriers.ghn?.webhookSecret],
    ['GHTK_TOKEN', carriers.ghtk?.token],
    ['GHTK_WEBHOOK_HASH', carriers.ghtk?.webhookHash],
  ];
  const placeholders = keys.filter(([, value]) => value !== undefined && (DEMO_CARRIER_VALUES.includes(value) || PLACEHOLDER_WORDS.test(value))).map(([name]) => name);
  if (placeholders.length > 0) errors.push(`${placeholders.join(', ')} ${placeholders.length === 1 ? 'is a demo or placeholder key' : 'are demo or placeholder keys'}: set the shop's own token from the carrier's shop settings, and generate the webhook secrets with \`openssl rand -hex 32\``);
  else errors.push(...keyFloorErrors(keys, "set the shop's own token from the carrier's shop settings, and generate the webhook secrets with `openssl rand -hex 32`"));
  const urls: Array<[string, string | undefined]> = [
    ['GHN_API_URL', carriers.ghn?.apiUrl],
    ['GHTK_API_URL', carriers.ghtk?.apiUrl],
  ];
  for (const [name, value] of urls) {
    if (value === undefined) continue;
    const url = new URL(value);
    if (url.protocol !== 'https:') errors.push(`${name} ${url.origin} is not https (the shop's token would travel in clear): leave it unset for the carrier's production API`);
    else if (isPlaceholderOrLocalHost(url.hostname) || CARRIER_SANDBOX_HOST.test(url.hostname)) errors.push(`${name} ${url.origin} is a local, example or test gateway: leave it unset for the carrier's production API`);
  }
  return errors;
}

/** Sign-in with Google: the client id's form, the client secret's floor, Google's endpoints on https. Never includes the secret. */
function unsafeGoogleReasons(config: SafetyConfig): string[] {
  const { google } = config;
  const errors: string[] = [];
  if (google.clientId !== null && !/^\d+-[a-z0-9]+\.apps\.googleusercontent\.com$/.test(google.clientId)) {
    errors.push('GOOGLE_CLIENT_ID is not a Google OAuth client id (<digits>-<letters and digits>.apps.googleusercontent.com): copy the Web client\'s id from Google Cloud console, or leave it unset (no Google sign-in)');
  }
  if (google.clientSecret !== null && PLACEHOLDER_WORDS.test(google.clientSecret)) {
    errors.push('GOOGLE_CLIENT_SECRET is a placeholder: copy the Web client\'s secret from Google Cloud console');
  } else {
    errors.push(...keyFloorErrors([['GOOGLE_CLIENT_SECRET', google.clientSecret]], 'copy the Web client\'s secret from Google Cloud console (GOCSPX-…)'));
  }
  if (google.clientId === null) return errors; // Google sign-in is off: its endpoints are never called
  const endpoints: Array<[string, string]> = [
    ['GOOGLE_JWKS_URL', google.jwksUrl],
    ['GOOGLE_AUTH_URL', google.authorizationUrl],
    ['GOOGLE_TOKEN_URL', google.tokenUrl],
    // The default follows PUBLIC_URL, whose own check says what is wrong with it.
    ...(google.redirectUri === `${config.publicUrl}/api/auth/google/callback` ? [] : ([['GOOGLE_REDIRECT_URI', google.redirectUri]] as Array<[string, string]>)),
  ];
  const unsafe = endpoints.filter(([, url]) => !url.startsWith('https:') || isStandInUrl(url)).map(([name]) => name);
  // Google's issuer is 'https://accounts.google.com' or the bare 'accounts.google.com'; a stand-in's is its origin.
  if (google.issuers.some((issuer) => (/^[a-z]+:/i.test(issuer) && !issuer.startsWith('https:')) || isPlaceholderOrLocalHost(issuer.replace(/^https:\/\//, '').replace(/[/:].*$/, '')))) unsafe.push('GOOGLE_ISSUER');
  if (unsafe.length > 0) {
    errors.push(`${unsafe.join(', ')} ${unsafe.length === 1 ? 'is' : 'are'} not https or ${unsafe.length === 1 ? 'points' : 'point'} at a stand-in, this machine or an example name (tokens and codes would be trusted from anyone): leave ${unsafe.length === 1 ? 'it' : 'them'} unset (Google's own; the redirect follows PUBLIC_URL)`);
  }
  return errors;
}

/**
 * Why the object storage cannot be production's: an endpoint that is not https beyond this machine and its private
 * network, an example name, or an access key below its floor (loadS3Settings already refuses MinIO's defaults and
 * placeholders, and secret keys shorter than 16). Never includes a key.
 */
function unsafeObjectStorageReasons(config: SafetyConfig): string[] {
  const storage = config.objectStorage;
  if (!storage) return [];
  const errors: string[] = [];
  if (storage.endpoint !== null) {
    const url = new URL(storage.endpoint);
    if (url.protocol !== 'https:' && !isLoopbackHost(url.hostname) && !isPrivateNetworkName(url.hostname)) {
      errors.push(`S3_ENDPOINT ${url.origin} is not https (the files and signed requests would cross the network in clear): set the store's https address (a MinIO on this machine: http://127.0.0.1:9000; compose's: http://minio:9000)`);
    } else if (!isLoopbackHost(url.hostname) && isPlaceholderOrLocalHost(url.hostname)) {
      errors.push(`S3_ENDPOINT ${url.origin} is an example name, not the store's address: set the store's https address, or leave it unset for AWS S3`);
    }
  }
  if (storage.accessKeyId.length < 3 || !/^[\x21-\x7e]+$/.test(storage.accessKeyId)) {
    errors.push('S3_ACCESS_KEY_ID is not an access key (shorter than 3 characters, or holds spaces or characters beyond printable ASCII): set the access key the store issued for the bucket');
  }
  errors.push(...keyFloorErrors([['S3_SECRET_ACCESS_KEY', storage.secretAccessKey]], 'set the secret key the store issued for the bucket (MinIO: generate one with `openssl rand -base64 30`)'));
  return errors;
}

/**
 * Why SMTP_URL would send the mail server's password in clear, or null: credentials over smtp:// to a host beyond
 * this machine and its private network, without `requireTLS=true` (nodemailer otherwise logs in without TLS when the
 * server offers no STARTTLS, or an attacker strips it). smtps:// (TLS from the start) and STARTTLS required pass.
 */
export function unsafeSmtpReason(smtpUrl: string | null): string | null {
  if (!smtpUrl) return null;
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'smtp:' || (!url.username && !url.password)) return null;
  if (isLoopbackHost(url.hostname) || isPrivateNetworkName(url.hostname)) return null;
  const requireTls = url.searchParams.get('requireTLS') === 'true' || url.searchParams.get('secure') === 'true';
  if (requireTls && url.searchParams.get('ignoreTLS') !== 'true') return null;
  return `SMTP_URL sends the mail server's password to ${url.hostname} over smtp:// without requiring TLS (it would travel in clear when STARTTLS is missing or stripped): use smtps://…:465, or add ?requireTLS=true to smtp://…:587`;
}

/** The development mail catcher of docker-compose (mailpit on `mail:1025`, MailHog, anything on localhost:1025): mail never reaches anyone. */
export function isMailCatcher(smtpUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  if (/mailpit|mailhog|mailcatcher|maildev/.test(host)) return true;
  return url.port === '1025' && (host === 'mail' || isLoopbackHost(host));
}

/** The start-up checks of NODE_ENV=production. */
export function checkProductionSafety(config: SafetyConfig): ProductionSafety {
  const result: ProductionSafety = { errors: [], warnings: [] };
  if (config.nodeEnv !== 'production') return result;
  for (const reason of [
    unsafeSecretReason(config.jwtSecret),
    unsafePublicUrlReason(config),
    unsafeVietQrReason(config),
    ...unsafePaymentKeysReasons(config),
    unsafeSellerReason(config),
    ...unsafeNotificationChannelsReasons(config),
    ...unsafeGoogleReasons(config),
    ...unsafeObjectStorageReasons(config),
    ...unsafeEInvoiceReasons(config),
    ...unsafeCarrierReasons(config),
    unsafeSmtpReason(config.smtpUrl),
  ]) {
    if (reason) result.errors.push(reason);
  }
  if (!config.databaseUrl) {
    result.warnings.push('DATABASE_URL is not set: production runs on SQLite in a local file (one instance only; in a container the data is lost with it unless its folder is a volume). Set DATABASE_URL to PostgreSQL.');
  }
  if (config.smtpUrl && isMailCatcher(config.smtpUrl)) {
    result.warnings.push('SMTP_URL points at a development mail catcher: verification codes, password resets and order emails never reach customers. Set SMTP_URL to the shop\'s mail server.');
  }
  const storageEndpoint = config.objectStorage?.endpoint ? new URL(config.objectStorage.endpoint) : null;
  if (storageEndpoint && storageEndpoint.protocol !== 'https:' && isPrivateNetworkName(storageEndpoint.hostname)) {
    result.warnings.push(`S3_ENDPOINT ${storageEndpoint.origin} is plain http: the files and signed requests cross the private network in clear. Fine for compose's MinIO on this host; use https once the store is on another host.`);
  }
  const zalo = config.notificationChannels.zalo;
  if (zalo && Object.keys(zalo.templates).length === 0) {
    result.warnings.push('ZALO_ZNS_ACCESS_TOKEN is set but ZALO_ZNS_TEMPLATES names no template: nothing is sent on Zalo. Set the approved template id of each notification kind.');
  }
  if (!config.redisUrl) {
    result.warnings.push('REDIS_URL is not set: login-throttling counters and live appointment events are kept per process; several API instances would count apart and not see each other\'s events. Set REDIS_URL when running more than one.');
  }
  if (!config.payOs) {
    result.warnings.push('PAYOS_CLIENT_ID, PAYOS_API_KEY or PAYOS_CHECKSUM_KEY is not set: payOS payment links are off and customers pay by VietQR transfer only.');
  }
  if (!config.sepayWebhookKey) {
    result.warnings.push('SEPAY_WEBHOOK_KEY is not set: bank-transfer notifications are refused and staff confirm VietQR transfers by hand.');
  }
  if (config.eInvoice.provider === 'off' && !config.eInvoice.chosen) {
    result.warnings.push('E_INVOICE_PROVIDER is not set: no e-invoice is issued, though every sale needs one (Decree 123/2020). Set misa, viettel or vnpt with the shop\'s account (E_INVOICE_API_URL, E_INVOICE_USERNAME, E_INVOICE_PASSWORD, E_INVOICE_SERIES, …), or off when the shop invoices elsewhere.');
  }
  return result;
}

/** The refusal printed before exiting: each unsafe setting on its own line. */
export function describeRefusal(errors: readonly string[]): string {
  return ['Refusing to start in production (NODE_ENV=production):', ...errors.map((error) => `  - ${error}`)].join('\n');
}
