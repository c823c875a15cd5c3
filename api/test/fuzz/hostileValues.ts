import fc from 'fast-check';

/**
 * The values the contract fuzz sends in place of one field at a time: the named ones every field gets, plus a
 * few drawn by fast-check with a fixed seed (different per field, the same on every run).
 */

/** A JSON number written verbatim (2^53 + 1 has no exact JavaScript number: JSON.stringify would round it). */
export class RawJsonNumber {
  constructor(readonly text: string) {}
}

export interface HostileValue {
  /** What the failure report shows. */
  label: string;
  value: unknown;
}

export const FUZZ_SEED = 20_260_522;

/** One megabyte of text, under the API's 1 MiB body limit once wrapped in JSON (so it reaches validation). */
const ONE_MEGABYTE = 'x'.repeat(1_000_000);
/**
 * In a path or a query, the longest text a request line can carry: Node's HTTP parser refuses a head over 16 KiB
 * (maxHeaderSize) before the API sees it, so a megabyte there only exists through app.inject.
 */
const LONGEST_URL_TEXT = 'x'.repeat(15_000);

export const NAMED_HOSTILE_VALUES: readonly HostileValue[] = [
  { label: 'NUL inside a string', value: 'Nguyễn\u0000Văn' },
  { label: 'lone surrogate', value: 'ab\ud800cd' },
  { label: '2^31', value: 2 ** 31 },
  { label: '2^31 as digits', value: String(2 ** 31) },
  { label: '2^53+1', value: new RawJsonNumber('9007199254740993') },
  { label: '-1', value: -1 },
  { label: '1e308', value: 1e308 },
  { label: 'true', value: true },
  { label: '[]', value: [] },
  { label: '{}', value: {} },
  { label: '1 MB string', value: ONE_MEGABYTE },
];

/** Control characters (C0, DEL, C1) and lone surrogates: what PostgreSQL's text refuses or UTF-8 cannot carry. */
const unsafeCharacter = fc.constantFrom('\u0000', '\u0001', '\u0008', '\u001b', '\u007f', '\u0085', '\ud800', '\udbff', '\udc00', '\udfff');

/** A short string with an unsafe character somewhere inside. */
const textWithUnsafeCharacter = fc
  .tuple(fc.string({ maxLength: 6 }), unsafeCharacter, fc.string({ maxLength: 6 }))
  .map(([before, unsafe, after]) => `${before}${unsafe}${after}`);

/** Integers outside a PostgreSQL integer column (1..2^31-1 is what ids live in), as numbers or digits. */
const integerOutOfColumnRange = fc.oneof(
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: 0 }),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }).map(String),
);

/** Values of the wrong JSON type. */
const wrongType = fc.oneof(fc.boolean(), fc.constant(null), fc.double(), fc.array(fc.integer(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }));

const drawnHostileValue = fc.oneof(textWithUnsafeCharacter, integerOutOfColumnRange, wrongType);

/** A stable number for a field's name (so each field draws its own values, the same on every run). */
function seedOf(name: string): number {
  let hash = FUZZ_SEED;
  for (const character of name) hash = (Math.imul(hash, 31) + character.charCodeAt(0)) | 0;
  return hash;
}

/**
 * The named hostile values, then `drawn` more from fast-check, seeded by the field's name. In a path or a query
 * (`inUrl`) the megabyte becomes the longest text a request line carries.
 */
export function hostileValuesFor(fieldName: string, options: { inUrl?: boolean; drawn?: number } = {}): HostileValue[] {
  const sampled = fc.sample(drawnHostileValue, { seed: seedOf(fieldName), numRuns: options.drawn ?? 3 });
  const named = options.inUrl
    ? NAMED_HOSTILE_VALUES.map((hostile) => (hostile.value === ONE_MEGABYTE ? { label: '15 KB string (the longest a request line carries)', value: LONGEST_URL_TEXT } : hostile))
    : NAMED_HOSTILE_VALUES;
  return [...named, ...sampled.map((value) => ({ label: `drawn ${describe(value)}`, value }))];
}

function describe(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

// ---- Serialisation ------------------------------------------------------------------------------------

/** The megabyte's JSON text, made once: JSON.stringify would copy and scan it again for every request. */
const ONE_MEGABYTE_JSON = JSON.stringify(ONE_MEGABYTE);

function needsVerbatim(value: unknown): boolean {
  if (value instanceof RawJsonNumber || value === ONE_MEGABYTE) return true;
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value).some(needsVerbatim);
}

/** JSON text of a body, RawJsonNumber written verbatim (JSON.stringify's fast path when there is none). */
export function toJsonText(body: unknown): string {
  if (!needsVerbatim(body)) return JSON.stringify(body);
  const verbatim: string[] = [];
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (value instanceof RawJsonNumber || value === ONE_MEGABYTE) {
      verbatim.push(value instanceof RawJsonNumber ? value.text : ONE_MEGABYTE_JSON);
      return `\u0000raw:${verbatim.length - 1}\u0000`;
    }
    return value;
  });
  return text.replace(/"\\u0000raw:(\d+)\\u0000"/g, (_match, index: string) => verbatim[Number(index)]!);
}

/**
 * A hostile value as query-string values: scalars as text, an array as the key repeated (what makes the
 * server see an array), an object as its JSON text.
 */
export function toParameterValues(value: unknown): string[] {
  if (value instanceof RawJsonNumber) return [value.text];
  if (Array.isArray(value)) return value.length > 0 ? value.map((item) => toParameterText(item)) : ['1', '2'];
  return [toParameterText(value)];
}

function toParameterText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof RawJsonNumber) return value.text;
  if (value === null || typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Percent-encoding that keeps a lone surrogate hostile: encodeURIComponent throws on one and URLSearchParams
 * would turn it into U+FFFD, so it is written as its three WTF-8 bytes (an invalid UTF-8 sequence, what a
 * careless client would send).
 */
export function percentEncode(text: string): string {
  return text
    .split(/(\p{Cs})/u)
    .map((part, index) => (index % 2 === 0 ? encodeURIComponent(part) : wtf8Escape(part.charCodeAt(0))))
    .join('');
}

function wtf8Escape(unit: number): string {
  return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
}

/** A hostile value as one path segment. */
export function toPathSegment(value: unknown): string {
  return percentEncode(toParameterValues(value).join(','));
}

/** '?a=1&b=x&b=y' from parameters that may hold several values each ('' when there are none). */
export function toQueryString(parameters: Record<string, string[]>): string {
  const pairs = Object.entries(parameters).flatMap(([name, values]) => values.map((value) => `${percentEncode(name)}=${percentEncode(value)}`));
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}
