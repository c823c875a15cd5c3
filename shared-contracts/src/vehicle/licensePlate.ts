import type { VehicleType } from '../catalogue/enumerations';

/**
 * Vietnamese licence plates (biển số xe), normalised to one display form so that a plate typed in any
 * spelling is stored and compared once:
 *
 * - car (ô tô): province code, a series of one or two letters, then 5 digits ('30A-123.45', '51LD-123.45')
 *   or, on older plates, 4 digits ('30A-1234');
 * - motorbike and scooter (mô tô, xe máy): province code, a series of one letter and one digit ('29B1-123.45',
 *   written '29-B1 123.45' on the two-line plate), two letters for mopeds ('29AA-123.45'), or the electric
 *   series 'MĐ' and a digit ('29MĐ1-123.45'); 4 digits on older plates ('29B1-1234').
 *
 * Case, spaces, dots and dashes are forgiven ('30a 12345', '29-b1 123.45'); 'MD' is read as 'MĐ', and so is
 * the look-alike 'Ð' (U+00D0). The display form is `<province><series>-<number>` with the 5-digit number
 * written 'ddd.dd'.
 */

/** Letters used in plate series (no I, J, O, Q, W). */
const SERIES_LETTER = '[A-HK-NPR-VX-Z]';
const PROVINCE = '(1[1-9]|[2-9]\\d)';
const SEPARATOR = '[\\s-]*';

export type PlateKind = 'car' | 'motorbike';

export interface ParsedLicensePlate {
  /** The display form: '30A-123.45', '29B1-123.45', '29MĐ1-123.45'. */
  normalized: string;
  /** Province code, 2 digits ('30', '29', '51'). */
  province: string;
  /** 'A', 'LD', 'B1', 'AA', 'MĐ1'. */
  series: string;
  /** The number digits without the dot ('12345' or '1234'). */
  number: string;
  kind: PlateKind;
  /** The electric motorbike series 'MĐ'. */
  electric: boolean;
}

const MOTORBIKE_SERIES = `(MĐ\\d|${SERIES_LETTER}\\d|${SERIES_LETTER}{2})`;
const CAR_SERIES = `(${SERIES_LETTER}{1,2})`;

function platePattern(series: string, digits: 4 | 5): RegExp {
  return new RegExp(`^${PROVINCE}${SEPARATOR}${series}${SEPARATOR}(\\d{${digits}})$`);
}

/** Tried in this order; the 5-digit (current) forms win when a plate without separators reads both ways. */
const CANDIDATES: ReadonlyArray<{ kind: PlateKind; pattern: RegExp }> = [
  { kind: 'motorbike', pattern: platePattern(MOTORBIKE_SERIES, 5) },
  { kind: 'car', pattern: platePattern(CAR_SERIES, 5) },
  { kind: 'motorbike', pattern: platePattern(MOTORBIKE_SERIES, 4) },
  { kind: 'car', pattern: platePattern(CAR_SERIES, 4) },
];

/** Upper case, 'Đ' spelled one way, dots dropped, spaces collapsed ('123 45' read as '123.45'); 'MD<digit>' becomes 'MĐ<digit>'. */
function clean(input: string): string {
  return input
    .normalize('NFC')
    .toUpperCase()
    .replace(/\u00D0/g, 'Đ')
    .replace(/[.·]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(\d{3}) (\d{2})$/, '$1$2')
    .replace(/M[DĐ](?=\d)/g, 'MĐ');
}

function formatNumber(digits: string): string {
  return digits.length === 5 ? `${digits.slice(0, 3)}.${digits.slice(3)}` : digits;
}

/** The kind of plate a vehicle type carries. */
export function plateKindOf(vehicleType: VehicleType): PlateKind {
  return vehicleType === 'car' ? 'car' : 'motorbike';
}

/**
 * Reads a plate; null when it is not a Vietnamese plate (or, given a vehicle type, not a plate that type
 * carries: a car never has a motorbike series and the other way round).
 */
export function parseLicensePlate(input: string, vehicleType?: VehicleType): ParsedLicensePlate | null {
  if (typeof input !== 'string' || input.length > 30) return null;
  const text = clean(input);
  const wanted = vehicleType ? plateKindOf(vehicleType) : undefined;
  for (const candidate of CANDIDATES) {
    if (wanted && candidate.kind !== wanted) continue;
    const match = candidate.pattern.exec(text);
    if (!match) continue;
    const [, province, series, number] = match as unknown as [string, string, string, string];
    return {
      normalized: `${province}${series}-${formatNumber(number)}`,
      province,
      series,
      number,
      kind: candidate.kind,
      electric: series.startsWith('MĐ'),
    };
  }
  return null;
}

/** The display form ('30A-123.45', '29MĐ1-123.45'), or null when the plate is not valid. */
export function normaliseLicensePlate(input: string, vehicleType?: VehicleType): string | null {
  return parseLicensePlate(input, vehicleType)?.normalized ?? null;
}

export function isValidLicensePlate(input: string, vehicleType?: VehicleType): boolean {
  return parseLicensePlate(input, vehicleType) !== null;
}

export const LICENSE_PLATE_REQUIRED_MESSAGE = 'Vui lòng nhập biển số xe.';
export const LICENSE_PLATE_CAR_MESSAGE = 'Biển số ô tô không hợp lệ (ví dụ: 30A-123.45).';
export const LICENSE_PLATE_MOTORBIKE_MESSAGE = 'Biển số xe máy không hợp lệ (ví dụ: 29B1-123.45 hoặc xe điện 29MĐ1-123.45).';
export const LICENSE_PLATE_MESSAGE = 'Biển số xe không hợp lệ (ví dụ: ô tô 30A-123.45, xe máy 29B1-123.45, xe máy điện 29MĐ1-123.45).';

/** The Vietnamese message for an invalid plate (null when it is valid), for instant field validation. */
export function licensePlateError(input: string, vehicleType?: VehicleType): string | null {
  if (!input || !input.trim()) return LICENSE_PLATE_REQUIRED_MESSAGE;
  if (parseLicensePlate(input, vehicleType)) return null;
  if (!vehicleType) return LICENSE_PLATE_MESSAGE;
  return plateKindOf(vehicleType) === 'car' ? LICENSE_PLATE_CAR_MESSAGE : LICENSE_PLATE_MOTORBIKE_MESSAGE;
}
