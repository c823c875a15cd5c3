/**
 * The demo history's randomness: a small seeded PRNG (mulberry32) keyed by a text, so every database and every
 * run draws the same days, customers and figures, and plausible Vietnamese names and plates.
 */

/** FNV-1a of a text. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export interface Random {
  /** [0, 1) */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

export function seededRandom(key: string): Random {
  let state = hashText(key);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (probability) => next() < probability,
  };
}

const SURNAMES = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ', 'Ngô', 'Dương', 'Lý'];
const MIDDLE = ['Văn', 'Thị', 'Minh', 'Quốc', 'Thu', 'Ngọc', 'Đức', 'Thanh', 'Hữu', 'Gia', 'Bảo', 'Anh'];
const GIVEN = ['An', 'Bình', 'Chi', 'Dũng', 'Giang', 'Hà', 'Hải', 'Hạnh', 'Hùng', 'Khánh', 'Lan', 'Linh', 'Long', 'Mai', 'Nam', 'Ngân', 'Phong', 'Phúc', 'Quân', 'Sơn', 'Tâm', 'Thảo', 'Trang', 'Tuấn', 'Vy', 'Yến'];

export function vietnameseName(random: Random): string {
  return `${random.pick(SURNAMES)} ${random.pick(MIDDLE)} ${random.pick(GIVEN)}`;
}

export function mobileNumber(random: Random): string {
  return `0${random.pick(['90', '91', '93', '94', '96', '97', '98', '86', '88', '70', '77', '79', '83', '85'])}${String(random.int(0, 9_999_999)).padStart(7, '0')}`;
}

/** A plate of the province (car: 30A-123.45; scooter: 29MĐ1-123.45). */
export function licensePlate(random: Random, provinceCode: string, type: 'car' | 'scooter'): string {
  const tail = `${String(random.int(100, 999))}.${String(random.int(0, 99)).padStart(2, '0')}`;
  return type === 'car' ? `${provinceCode}${random.pick(['A', 'E', 'F', 'G', 'H', 'K'])}-${tail}` : `${provinceCode}MĐ${random.int(1, 3)}-${tail}`;
}

export const CAR_MODELS = ['VF 3', 'VF 5', 'VF 6', 'VF 7', 'VF 8', 'VF 9', 'VF e34'] as const;
export const SCOOTER_MODELS = ['Feliz S', 'Evo200', 'Klara S', 'Vento S', 'Theon S'] as const;
