/**
 * The 34 province-level units of Vietnam since the merger of 1 July 2025 (Nghị quyết 202/2025/QH15): 6
 * centrally-governed cities and 28 provinces. Below them an address has only a ward (phường, xã, đặc khu):
 * districts no longer exist, so a delivery address is province + ward + street.
 *
 * `name` is what the address stores and the UI shows ('Hà Nội', 'TP. Hồ Chí Minh', 'Lào Cai'); `code` a
 * stable ASCII slug; `region` drives the shipping fee table (pricing/shipping.ts).
 */
export type ProvinceKind = 'city' | 'province';
export type ProvinceRegion = 'north' | 'central' | 'south';

export interface Province {
  code: string;
  name: string;
  /** The official name ('Thành phố Hà Nội', 'Tỉnh Lào Cai'). */
  fullName: string;
  kind: ProvinceKind;
  region: ProvinceRegion;
}

function city(code: string, name: string, fullName: string, region: ProvinceRegion): Province {
  return { code, name, fullName, kind: 'city', region };
}

function province(code: string, name: string, region: ProvinceRegion): Province {
  return { code, name, fullName: `Tỉnh ${name}`, kind: 'province', region };
}

/** In the order of the resolution: the six cities first, then the provinces north to south. */
export const PROVINCES: readonly Province[] = [
  city('ha-noi', 'Hà Nội', 'Thành phố Hà Nội', 'north'),
  city('hue', 'Huế', 'Thành phố Huế', 'central'),
  city('hai-phong', 'Hải Phòng', 'Thành phố Hải Phòng', 'north'),
  city('da-nang', 'Đà Nẵng', 'Thành phố Đà Nẵng', 'central'),
  city('ho-chi-minh', 'TP. Hồ Chí Minh', 'Thành phố Hồ Chí Minh', 'south'),
  city('can-tho', 'Cần Thơ', 'Thành phố Cần Thơ', 'south'),
  province('lai-chau', 'Lai Châu', 'north'),
  province('dien-bien', 'Điện Biên', 'north'),
  province('son-la', 'Sơn La', 'north'),
  province('lang-son', 'Lạng Sơn', 'north'),
  province('cao-bang', 'Cao Bằng', 'north'),
  province('tuyen-quang', 'Tuyên Quang', 'north'),
  province('lao-cai', 'Lào Cai', 'north'),
  province('thai-nguyen', 'Thái Nguyên', 'north'),
  province('phu-tho', 'Phú Thọ', 'north'),
  province('bac-ninh', 'Bắc Ninh', 'north'),
  province('quang-ninh', 'Quảng Ninh', 'north'),
  province('hung-yen', 'Hưng Yên', 'north'),
  province('ninh-binh', 'Ninh Bình', 'north'),
  province('thanh-hoa', 'Thanh Hóa', 'central'),
  province('nghe-an', 'Nghệ An', 'central'),
  province('ha-tinh', 'Hà Tĩnh', 'central'),
  province('quang-tri', 'Quảng Trị', 'central'),
  province('quang-ngai', 'Quảng Ngãi', 'central'),
  province('gia-lai', 'Gia Lai', 'central'),
  province('khanh-hoa', 'Khánh Hòa', 'central'),
  province('lam-dong', 'Lâm Đồng', 'central'),
  province('dak-lak', 'Đắk Lắk', 'central'),
  province('dong-nai', 'Đồng Nai', 'south'),
  province('tay-ninh', 'Tây Ninh', 'south'),
  province('vinh-long', 'Vĩnh Long', 'south'),
  province('dong-thap', 'Đồng Tháp', 'south'),
  province('ca-mau', 'Cà Mau', 'south'),
  province('an-giang', 'An Giang', 'south'),
];

/** The names, as a tuple for z.enum (the address's `province`). */
export const PROVINCE_NAMES = PROVINCES.map((entry) => entry.name) as [string, ...string[]];

/** The province with this name or code, or null. */
export function findProvince(nameOrCode: string): Province | null {
  const key = nameOrCode.trim();
  return PROVINCES.find((entry) => entry.name === key || entry.code === key) ?? null;
}
