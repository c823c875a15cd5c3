import { PROVINCES } from 'shared-contracts/schemas';
import { findWard, mapSavedAddress, matchFormerAddress, provinceCodeOf, resolveWard, searchWards, wardsOfProvince } from '../../../src/modules/addresses';

/** The coded wards (issue 65 §1): accent-insensitive search over current and former names, resolution, mapping. */
describe('ward search', () => {
  it('finds Phường Cầu Giấy and Phường Nghĩa Đô for "phuong dich vong hau" typed without accents, naming the former ward', () => {
    const wards = searchWards({ q: 'phuong dich vong hau', limit: 10 });
    expect(wards.map((ward) => ward.name)).toEqual(expect.arrayContaining(['Phường Cầu Giấy', 'Phường Nghĩa Đô']));
    const cauGiay = wards.find((ward) => ward.name === 'Phường Cầu Giấy')!;
    expect(cauGiay).toMatchObject({ code: '00166', province: 'Hà Nội', matchedFormer: 'Phường Dịch Vọng Hậu, Quận Cầu Giấy' });
    expect(cauGiay.formerly).toContain('Phường Dịch Vọng Hậu, Quận Cầu Giấy');
  });

  it('matches "Dịch Vọng Hậu" with accents and "DICH VONG HAU" alike', () => {
    const accented = searchWards({ q: 'Dịch Vọng Hậu', limit: 5 }).map((ward) => ward.code);
    expect(accented).toEqual(expect.arrayContaining(['00166', '00160']));
    expect(searchWards({ q: '  DICH   VONG HAU ', limit: 5 }).map((ward) => ward.code)).toEqual(accented);
  });

  it('ranks an exact current name first, then prefixes, and current names before former ones', () => {
    const wards = searchWards({ province: 'Hà Nội', q: 'cau giay', limit: 10 });
    expect(wards[0]).toMatchObject({ name: 'Phường Cầu Giấy', matchedFormer: null });
    const hoan = searchWards({ province: 'Hà Nội', q: 'hoan kiem', limit: 5 });
    expect(hoan[0]).toMatchObject({ name: 'Phường Hoàn Kiếm', matchedFormer: null });
  });

  it('keeps to the province asked for', () => {
    const wards = searchWards({ province: 'TP. Hồ Chí Minh', q: 'phuong', limit: 50 });
    expect(wards).toHaveLength(50);
    expect(new Set(wards.map((ward) => ward.province))).toEqual(new Set(['TP. Hồ Chí Minh']));
    expect(searchWards({ province: 'Cần Thơ', q: 'dich vong hau', limit: 10 })).toEqual([]);
  });

  it('has wards in every one of the 34 provinces, and their dataset codes', () => {
    expect(PROVINCES).toHaveLength(34);
    for (const province of PROVINCES) {
      expect(wardsOfProvince(province.name).length).toBeGreaterThan(10);
      expect(provinceCodeOf(province.name)).toMatch(/^\d{2}$/);
    }
    expect(provinceCodeOf('Hà Nội')).toBe('01');
    expect(provinceCodeOf('TP. Hồ Chí Minh')).toBe('79');
    expect(PROVINCES.reduce((sum, province) => sum + wardsOfProvince(province.name).length, 0)).toBe(3321);
  });

  it('finds a ward by its code, and nothing for an unknown code', () => {
    expect(findWard('00166')).toMatchObject({ name: 'Phường Cầu Giấy', province: 'Hà Nội', matchedFormer: null });
    expect(findWard('99999')).toBeNull();
  });
});

describe('resolveWard', () => {
  it('accepts a code of the province and refuses a code of another province', () => {
    expect(resolveWard('Hà Nội', { wardCode: '00166' })).toMatchObject({ name: 'Phường Cầu Giấy' });
    expect(resolveWard('Đà Nẵng', { wardCode: '00166' })).toBeNull();
  });

  it('resolves a text naming one current ward, with or without its kind and accents', () => {
    expect(resolveWard('Hà Nội', { ward: 'phường cầu giấy' })).toMatchObject({ code: '00166' });
    expect(resolveWard('Hà Nội', { ward: 'Cau Giay' })).toMatchObject({ code: '00166' });
    expect(resolveWard('Hà Nội', { ward: 'Phường Dịch Vọng Hậu' })).toBeNull();
  });
});

describe('saved addresses of the district era', () => {
  it('maps a former ward merged whole into one new ward (Tràng Tiền → Cửa Nam), keeping the street', () => {
    const match = matchFormerAddress('Số 12 Lý Thái Tổ, Phường Tràng Tiền, Quận Hoàn Kiếm, Hà Nội');
    // 'Lý Thái Tổ' is also a former ward of Hoàn Kiếm: the ward named with its kind wins.
    expect(match).toMatchObject({ kind: 'unique', province: 'Hà Nội', ward: { code: '00082', name: 'Phường Cửa Nam' }, street: 'Số 12 Lý Thái Tổ' });
    expect(mapSavedAddress('Số 12 Lý Thái Tổ, Phường Tràng Tiền, Quận Hoàn Kiếm, Hà Nội')).toMatchObject({
      address_province: 'Hà Nội',
      address_ward_code: '00082',
      address_street: 'Số 12 Lý Thái Tổ',
      address_ward_choice: null,
    });
  });

  it('leaves a split former ward to the customer, with its new wards as candidates', () => {
    const match = matchFormerAddress('Số 5 ngõ 12 Trần Quốc Vượng, Dịch Vọng Hậu, Cầu Giấy, Hà Nội');
    expect(match).toMatchObject({ kind: 'split', former: 'Phường Dịch Vọng Hậu, Quận Cầu Giấy', street: 'Số 5 ngõ 12 Trần Quốc Vượng' });
    const columns = mapSavedAddress('Số 5 ngõ 12 Trần Quốc Vượng, Dịch Vọng Hậu, Cầu Giấy, Hà Nội')!;
    expect(columns).toMatchObject({ address_province: null, address_ward_code: null, address_street: null });
    expect(JSON.parse(columns.address_ward_choice!)).toEqual({
      former: 'Phường Dịch Vọng Hậu, Quận Cầu Giấy',
      province: 'Hà Nội',
      street: 'Số 5 ngõ 12 Trần Quốc Vượng',
      codes: ['00160', '00166'],
    });
  });

  it('maps an address already in the new format by its current ward and province, and nothing else', () => {
    expect(mapSavedAddress('25 Lý Thường Kiệt, phường Cửa Nam, Hà Nội')).toMatchObject({ address_province: 'Hà Nội', address_street: '25 Lý Thường Kiệt' });
    expect(mapSavedAddress('Gần chợ, không rõ')).toBeNull();
  });
});
