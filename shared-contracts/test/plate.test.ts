import { licensePlateError, normaliseLicensePlate, parseLicensePlate } from '../src/vehicle';

describe('Vietnamese licence plates', () => {
  it.each([
    // cars: 5-digit and older 4-digit numbers, one or two series letters
    ['30A-123.45', 'car', '30A-123.45'],
    ['51K-678.90', 'car', '51K-678.90'],
    ['51k67890', 'car', '51K-678.90'],
    ['30a 123 45', 'car', '30A-123.45'],
    [' 30A - 123.45 ', 'car', '30A-123.45'],
    ['51LD-123.45', 'car', '51LD-123.45'],
    ['29A-1234', 'car', '29A-1234'],
    // motorbikes: the two-line plate '29-B1 123.45' and its one-line spelling
    ['29-B1 123.45', 'motorbike', '29B1-123.45'],
    ['29-b1 12345', 'motorbike', '29B1-123.45'],
    ['29B112345', 'motorbike', '29B1-123.45'],
    ['59X3-123.45', 'scooter', '59X3-123.45'],
    ['59-X3 123.45', 'scooter', '59X3-123.45'],
    ['59x3.12345', 'scooter', '59X3-123.45'],
    ['29-B1 1234', 'motorbike', '29B1-1234'],
    ['29AA-123.45', 'scooter', '29AA-123.45'],
    // the electric series MĐ ('MD' and lower case accepted)
    ['29MĐ1-123.45', 'scooter', '29MĐ1-123.45'],
    ['29MD1-123.45', 'scooter', '29MĐ1-123.45'],
    ['29md1 12345', 'scooter', '29MĐ1-123.45'],
    ['29-mđ1 234.56', 'scooter', '29MĐ1-234.56'],
    ['29-MÐ2 234.56', 'motorbike', '29MĐ2-234.56'],
    ['30MD112345', 'scooter', '30MĐ1-123.45'],
  ] as const)('%s (%s) → %s', (input, type, expected) => {
    expect(normaliseLicensePlate(input, type)).toBe(expected);
    expect(licensePlateError(input, type)).toBeNull();
  });

  it.each([
    ['', 'car'],
    ['   ', 'scooter'],
    ['ABC', 'car'],
    ['123456', 'scooter'],
    ['30A-123.456', 'car'],
    ['30A-123', 'car'],
    ['00A-123.45', 'car'],
    ['10A-123.45', 'car'],
    ['30I-123.45', 'car'],
    ['30O-123.45', 'car'],
    ['30ABC-123.45', 'car'],
    ['3A-123.45', 'car'],
    ['29-B12 123.45', 'motorbike'],
    ['29MĐ-123.45', 'scooter'],
    ['29MĐ1-123.45', 'car'],
    ['29B1-123.45', 'car'],
    ['30A-123.45', 'scooter'],
    ['30A-123.45; drop table vehicles', 'car'],
    ['٣٠A-123.45', 'car'],
  ] as const)('refuses %j for a %s', (input, type) => {
    expect(normaliseLicensePlate(input, type)).toBeNull();
    expect(licensePlateError(input, type)).toEqual(expect.any(String));
  });

  it('tells what is wrong in Vietnamese', () => {
    expect(licensePlateError('', 'car')).toBe('Vui lòng nhập biển số xe.');
    expect(licensePlateError('29B1-123.45', 'car')).toBe('Biển số ô tô không hợp lệ (ví dụ: 30A-123.45).');
    expect(licensePlateError('30A-1', 'scooter')).toContain('29MĐ1-123.45');
  });

  it('reads the kind and series when the vehicle type is not known', () => {
    expect(parseLicensePlate('30A-123.45')).toMatchObject({ kind: 'car', province: '30', series: 'A', number: '12345', electric: false });
    expect(parseLicensePlate('29-B1 123.45')).toMatchObject({ kind: 'motorbike', series: 'B1', electric: false });
    expect(parseLicensePlate('29md1-123.45')).toMatchObject({ kind: 'motorbike', series: 'MĐ1', electric: true, normalized: '29MĐ1-123.45' });
    // without separators the current 5-digit form wins: 30A12345 is the car 30A-123.45, not 30A1-2345
    expect(parseLicensePlate('30A12345')?.normalized).toBe('30A-123.45');
    expect(parseLicensePlate('30A1-2345')?.normalized).toBe('30A1-2345');
  });

  it('normalises every spelling of a plate to the same value (what uniqueness is checked on)', () => {
    const spellings = ['29-MĐ1 234.56', '29md1-23456', '29 MD1 234 56', '29MĐ1-234.56'];
    expect(new Set(spellings.map((plate) => normaliseLicensePlate(plate, 'scooter')))).toEqual(new Set(['29MĐ1-234.56']));
  });
});
