import { findProvince, PROVINCE_NAMES, PROVINCES } from '../src/pricing';

describe('the provinces since 1 July 2025', () => {
  it('lists the 34 province-level units: 6 cities and 28 provinces, names and codes unique', () => {
    expect(PROVINCES).toHaveLength(34);
    expect(PROVINCES.filter((entry) => entry.kind === 'city').map((entry) => entry.name)).toEqual([
      'Hà Nội',
      'Huế',
      'Hải Phòng',
      'Đà Nẵng',
      'TP. Hồ Chí Minh',
      'Cần Thơ',
    ]);
    expect(new Set(PROVINCE_NAMES).size).toBe(34);
    expect(new Set(PROVINCES.map((entry) => entry.code)).size).toBe(34);
    for (const entry of PROVINCES) expect(entry.code).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('has the merged provinces and not the absorbed ones', () => {
    for (const name of ['Tuyên Quang', 'Lào Cai', 'Thái Nguyên', 'Phú Thọ', 'Bắc Ninh', 'Hưng Yên', 'Ninh Bình', 'Quảng Trị', 'Quảng Ngãi', 'Gia Lai', 'Khánh Hòa', 'Lâm Đồng', 'Đắk Lắk', 'Đồng Nai', 'Tây Ninh', 'Vĩnh Long', 'Đồng Tháp', 'Cà Mau', 'An Giang']) {
      expect(findProvince(name)?.name).toBe(name);
    }
    for (const gone of ['Hà Giang', 'Bình Dương', 'Bà Rịa - Vũng Tàu', 'Quảng Nam', 'Hải Dương', 'Long An', 'Kiên Giang']) {
      expect(findProvince(gone)).toBeNull();
    }
    expect(findProvince('ho-chi-minh')?.fullName).toBe('Thành phố Hồ Chí Minh');
  });
});
