import { isValidVin, normaliseVin, vinError, vinRequired } from '../src/vehicle';

describe('VIN', () => {
  it.each([
    'RLLV5JSM0PA123456', // VinFast (Vietnamese market: no check digit at position 9)
    'rllv5jsm0pa123456',
    'RLLV 5JSM0 PA123456',
    'RLLV-5JSM0-PA123456',
    '1HGCM82633A004352', // a North-American VIN with a valid check digit is fine too
    '1HGCM82603A004352', // and one with a wrong check digit is accepted as well (not verified)
    'WVWZZZ1JZXW000001',
  ])('accepts %s', (vin) => {
    expect(isValidVin(vin)).toBe(true);
    expect(vinError(vin, 'car')).toBeNull();
  });

  it.each([
    ['RLLV5JSM0PA12345', 'Số VIN phải gồm đúng 17 ký tự.'],
    ['RLLV5JSM0PA1234567', 'Số VIN phải gồm đúng 17 ký tự.'],
    ['RLLV5JSM0PA12345I', 'Số VIN chỉ gồm chữ in hoa và chữ số, không có I, O, Q.'],
    ['RLLV5JSM0PA12345O', 'Số VIN chỉ gồm chữ in hoa và chữ số, không có I, O, Q.'],
    ['QLLV5JSM0PA123456', 'Số VIN chỉ gồm chữ in hoa và chữ số, không có I, O, Q.'],
    ['RLLV5JSM0PA12345_', 'Số VIN chỉ gồm chữ in hoa và chữ số, không có I, O, Q.'],
    ['RLLV5JSM0PÀ123456', 'Số VIN chỉ gồm chữ in hoa và chữ số, không có I, O, Q.'],
  ])('refuses %s', (vin, message) => {
    expect(isValidVin(vin)).toBe(false);
    expect(vinError(vin, 'scooter')).toBe(message);
  });

  it('is optional for scooters only', () => {
    expect(vinRequired('scooter')).toBe(false);
    expect(vinRequired('motorbike')).toBe(true);
    expect(vinRequired('car')).toBe(true);
    expect(vinError('', 'scooter')).toBeNull();
    expect(vinError(null, 'scooter')).toBeNull();
    expect(vinError('  ', 'car')).toBe('Vui lòng nhập số VIN (17 ký tự).');
    expect(vinError(undefined, 'motorbike')).toBe('Vui lòng nhập số VIN (17 ký tự).');
  });

  it('normalises case, spaces and dashes', () => {
    expect(normaliseVin(' rllv-5jsm0 pa123456 ')).toBe('RLLV5JSM0PA123456');
  });
});
