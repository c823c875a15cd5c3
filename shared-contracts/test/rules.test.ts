import {
  BUS_EVENT_TYPES,
  formatDate,
  formatDateTime,
  formatVnd,
  authPathKeepingRedirect,
  loginRedirectPath,
  messages,
  parseRemotesManifest,
  readStoredCartItemCount,
  REMOTE_EXPOSES,
  ROUTES,
  routesOwnedBy,
  safeRedirectTarget,
  sanitizeOtp,
} from '../src';

describe('small shared rules', () => {
  it('keeps digits only in the OTP input, cut to 6', () => {
    expect(sanitizeOtp('a1b2c3d4e5f6g7')).toBe('123456');
    expect(sanitizeOtp(' 12 34 ')).toBe('1234');
    expect(sanitizeOtp('abc')).toBe('');
  });

  it('formats VND the Vietnamese way', () => {
    expect(formatVnd(1_000_000).replace(/\s/g, ' ')).toBe('1.000.000 ₫');
    expect(formatVnd(0).replace(/\s/g, ' ')).toBe('0 ₫');
  });

  it('formats dates as dd/MM/yyyy in Asia/Ho_Chi_Minh', () => {
    // 17:30 UTC on 31/12 is already 00:30 on 01/01 in Vietnam
    expect(formatDate('2026-12-31T17:30:00Z')).toBe('01/01/2027');
    expect(formatDateTime('2026-03-05T02:05:00Z')).toBe('09:05 05/03/2026');
  });

  it('builds the login redirect and refuses foreign redirect targets', () => {
    expect(loginRedirectPath('/dashboard?tab=xe')).toBe('/auth/login?redirect=%2Fdashboard%3Ftab%3Dxe');
    expect(authPathKeepingRedirect('/auth/register', '/checkout')).toBe('/auth/register?redirect=%2Fcheckout');
    expect(authPathKeepingRedirect('/auth/login', '/')).toBe('/auth/login');
    expect(safeRedirectTarget('/my-vehicles?x=1')).toBe('/my-vehicles?x=1');
    expect(safeRedirectTarget('https://evil.example')).toBe('/');
    expect(safeRedirectTarget('//evil.example')).toBe('/');
    expect(safeRedirectTarget(null)).toBe('/');
  });

  // The one redirect rule of the login page and the API's Google flow (issue 32 §8).
  it.each([
    ['/dashboard?x=1', '/dashboard?x=1'],
    ['/', '/'],
    ['/my-vehicles#xe', '/my-vehicles#xe'],
    // percent-encoded, it stays a path segment: no browser turns it into '//host'
    ['/%09/host', '/%09/host'],
    ['/a//b', '/a//b'],
    ['/\t/host', '/'],
    ['/\n/host', '/'],
    ['/\r/host', '/'],
    ['/\u0000/host', '/'],
    ['/\u001f/host', '/'],
    ['/\u007f/host', '/'],
    ['/dashboard\t', '/'],
    ['//evil', '/'],
    ['/\\evil', '/'],
    ['/ok\\evil', '/'],
    ['https://evil', '/'],
    ['javascript:alert(1)', '/'],
    ['dashboard', '/'],
    ['', '/'],
  ])('safeRedirectTarget(%j) is %j', (value, expected) => {
    expect(safeRedirectTarget(value)).toBe(expected);
  });

  it('refuses a redirect longer than 500 characters, and anything not a string', () => {
    const longest = `/${'a'.repeat(499)}`;
    expect(safeRedirectTarget(longest)).toBe(longest);
    expect(safeRedirectTarget(`${longest}a`)).toBe('/');
    for (const value of [undefined, null, 42, ['/x'], { path: '/x' }]) expect(safeRedirectTarget(value)).toBe('/');
  });

  it('validates the run-time remotes manifest', () => {
    const good = { mfe_storefront: 'http://localhost:3001/mf-manifest.json', mfe_account: '/account/mf-manifest.json', mfe_backoffice: 'https://bo.example/mf-manifest.json' };
    expect(parseRemotesManifest(good)).toEqual({ ok: true, manifest: good });
    expect(parseRemotesManifest({ ...good, mfe_account: 42 })).toMatchObject({ ok: false });
    expect(parseRemotesManifest('nonsense')).toMatchObject({ ok: false });
    expect(parseRemotesManifest({ ...good, mfe_backoffice: 'javascript:alert(1)' })).toMatchObject({ ok: false });
  });

  it('assigns every spec route to exactly one remote and exposes what each remote must', () => {
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
    expect(routesOwnedBy('mfe_account')).toEqual(
      expect.arrayContaining(['/profile', '/dashboard', '/my-vehicles', '/maintenance-history', '/auth/login', '/auth/register', '/auth/forgot-password', '/auth/forgot-password/confirm']),
    );
    expect(ROUTES.filter((route) => route.requiresLogin).map((route) => route.path)).toEqual(['/checkout', '/dashboard', '/my-vehicles', '/maintenance-history', '/orders', '/orders/:code', '/wishlist', '/messages', '/messages/:id', '/notifications', '/loyalty']);
    expect(REMOTE_EXPOSES.mfe_account).toEqual(['./routes', './EmailVerificationBanner']);
  });

  it('declares the bus events the apps talk through', () => {
    expect(BUS_EVENT_TYPES).toEqual(expect.arrayContaining(['auth/login', 'auth/logout', 'auth/user-updated', 'auth/unauthorized', 'toast/show', 'cart/changed']));
  });

  it('holds the spec strings exactly', () => {
    expect(messages.header.logout).toBe('Đăng xuất');
    expect(messages.header.login).toBe('Đăng nhập');
    expect(messages.header.bookNow).toBe('Đặt chỗ ngay');
    expect(messages.verification.resendEmail).toBe('Gửi lại email');
    expect(messages.verification.sending).toBe('Đang gửi...');
    expect(messages.verification.verifyEmail).toBe('Xác thực email');
    expect(messages.verification.otpVerifyFailure).toBe('Mã OTP không đúng. Vui lòng thử lại.');
    expect(messages.verification.otpResendFailure).toBe('Không thể gửi lại mã OTP. Vui lòng thử lại.');
    expect(messages.verification.resendEmailFailure).toBe('Không thể gửi lại email xác thực. Vui lòng thử lại.');
    expect(messages.verification.verifySuccess).toBe('Xác thực email thành công!');
    expect(messages.verification.otpResendSuccess).toBe('Đã gửi lại mã OTP. Vui lòng kiểm tra email.');
    expect(messages.verification.resendEmailSuccess).toBe('Đã gửi lại email xác thực. Vui lòng kiểm tra hộp thư.');
    expect(messages.auth.loggedOut).toBe('Đã đăng xuất');
    expect(messages.auth.welcome('An')).toBe('Chào mừng An! Đăng nhập thành công.');
    expect(messages.auth.loginFailed).toBe('Login failed');
    expect(messages.auth.googleLoginFailed).toBe('Google login failed');
    expect(messages.auth.currentUserFailed).toBe('Failed to get current user');
    expect(messages.footer.allRightsReserved).toBe('All rights reserved');
  });

  it('reads the stored cart count, 0 for garbage', () => {
    localStorage.setItem('cart', JSON.stringify({ items: [{ quantity: 2 }, { quantity: 3 }] }));
    expect(readStoredCartItemCount(localStorage)).toBe(5);
    localStorage.setItem('cart', '{broken');
    expect(readStoredCartItemCount(localStorage)).toBe(0);
    localStorage.removeItem('cart');
    expect(readStoredCartItemCount(localStorage)).toBe(0);
  });
});
