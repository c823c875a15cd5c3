import { normalizeVietnamesePhone, userInitials } from 'shared-contracts';
import { checkDateOfBirth, checkEmailOrPhone, checkPassword, formatIsoDate, todayIso } from '../../src/forms/validation';

describe('account form rules', () => {
  it('normalises Vietnamese mobile numbers (03/05/07/08/09, 10 digits, or +84)', () => {
    expect(normalizeVietnamesePhone('0912 345 678')).toBe('0912345678');
    expect(normalizeVietnamesePhone('+84 912-345-678')).toBe('0912345678');
    expect(normalizeVietnamesePhone('84387654321')).toBe('0387654321');
    expect(normalizeVietnamesePhone('(028) 3822 1234')).toBeNull();
    expect(normalizeVietnamesePhone('0612345678')).toBeNull();
    expect(normalizeVietnamesePhone('091234567')).toBeNull();
    expect(normalizeVietnamesePhone('+8491234567')).toBeNull();
  });

  it('passwords are 8 to 128 characters', () => {
    expect(checkPassword('1234567')).toBe('Mật khẩu phải có từ 8 đến 128 ký tự.');
    expect(checkPassword('12345678')).toBeUndefined();
    expect(checkPassword('x'.repeat(128))).toBeUndefined();
    expect(checkPassword('x'.repeat(129))).toBe('Mật khẩu phải có từ 8 đến 128 ký tự.');
  });

  it('birth dates: real days, after 1900, not after today in Vietnam', () => {
    const now = new Date('2026-03-10T20:00:00Z'); // already 11/03 in Hồ Chí Minh city
    expect(todayIso(now)).toBe('2026-03-11');
    expect(checkDateOfBirth('2026-03-11', true, now)).toBeUndefined();
    expect(checkDateOfBirth('2026-03-12', true, now)).toBe('Ngày sinh không được ở tương lai.');
    expect(checkDateOfBirth('2023-02-29', true, now)).toBe('Ngày sinh không hợp lệ.');
    expect(checkDateOfBirth('1899-12-31', true, now)).toBe('Ngày sinh phải sau 01/01/1900.');
    expect(checkDateOfBirth('', false, now)).toBeUndefined();
    expect(checkDateOfBirth('', true, now)).toBe('Vui lòng nhập ngày sinh.');
  });

  it('login takes an email or a mobile number', () => {
    expect(checkEmailOrPhone('an@example.vn')).toBeUndefined();
    expect(checkEmailOrPhone('0987 654 321')).toBeUndefined();
    expect(checkEmailOrPhone('an')).toBe('Vui lòng nhập email hoặc số điện thoại di động hợp lệ.');
  });

  it('shows dates as dd/MM/yyyy and initials for avatars', () => {
    expect(formatIsoDate('1990-05-02')).toBe('02/05/1990');
    expect(userInitials({ fullName: 'Nguyễn Văn An', email: 'an@example.vn' })).toBe('NA');
    expect(userInitials({ fullName: 'đức', email: 'd@example.vn' })).toBe('Đ');
    expect(userInitials({ fullName: ' ', email: 'binh@example.vn' })).toBe('B');
  });
});
