import { normalizeUser, parseLoginResponse } from '../src';

describe('user normaliser', () => {
  it('accepts both spellings of every field', () => {
    expect(
      normalizeUser({ userId: 9, fullName: 'Phạm Hà', email: 'ha@example.vn', phone: '0912345678', imageUrl: '/a.png', dob: '1990-05-02T00:00:00Z', role: 'STAFF', emailVerified: true, gender: 'female' }),
    ).toEqual({ id: '9', fullName: 'Phạm Hà', email: 'ha@example.vn', role: 'staff', emailVerified: true, avatar: '/a.png', phoneNumber: '0912345678', dateOfBirth: '1990-05-02', gender: 'FEMALE' });
    expect(normalizeUser({ id: 'x', avatarUrl: '/b.png', phoneNumber: '0987654321', dateOfBirth: '2000-01-01' })).toMatchObject({
      id: 'x',
      avatar: '/b.png',
      phoneNumber: '0987654321',
      dateOfBirth: '2000-01-01',
      role: 'customer',
      emailVerified: false,
    });
  });

  it('defaults an unknown or missing role to customer and rejects non-users', () => {
    expect(normalizeUser({ id: '1', role: 'superhero' })?.role).toBe('customer');
    expect(normalizeUser({ fullName: 'no id' })).toBeNull();
    expect(normalizeUser(null)).toBeNull();
    expect(normalizeUser('user')).toBeNull();
    expect(normalizeUser([1])).toBeNull();
  });

  it('reads a login response inside data or at the top level', () => {
    const inside = parseLoginResponse({ success: true, message: 'ok', data: { accessToken: 'a', refreshToken: 'r', userId: 5, fullName: 'An', email: 'an@x.vn', role: 'ADMIN', emailVerified: true, avatar: null } });
    expect(inside).toEqual({ token: 'a', refreshToken: 'r', user: expect.objectContaining({ id: '5', role: 'admin', emailVerified: true }) });
    const top = parseLoginResponse({ success: true, token: 't', userId: 'u', email: 'b@x.vn' });
    expect(top?.token).toBe('t');
    expect(top?.refreshToken).toBeNull();
    expect(top?.user.id).toBe('u');
    expect(parseLoginResponse({ success: false, message: 'Sai mật khẩu' })).toBeNull();
  });
});
