import { act, configure, screen, waitFor } from '@testing-library/react';
import { sessionStore } from 'shared-contracts';
import { resetAuthConfigCache } from '../../src/api/accountApi';
import { GOOGLE_SCRIPT_URL, resetGoogleIdentityLoader, type GoogleAccountsId, type GoogleCredentialResponse } from '../../src/google/googleIdentity';
import { LoginPage } from '../../src/pages/auth/LoginPage';
import { currentLocation, deferred, fail, mockFetch, ok, renderAccountPage, type FakeReply, type RecordedCall } from '../helpers';

type GoogleWindow = Window & { google?: { accounts: { id: GoogleAccountsId } } };

function fakeGoogle() {
  let callback: ((response: GoogleCredentialResponse) => void) | null = null;
  const id = {
    initialize: jest.fn((config: { client_id: string; callback: (response: GoogleCredentialResponse) => void }) => {
      callback = config.callback;
    }),
    renderButton: jest.fn((parent: HTMLElement, _options: { width?: number }) => {
      const button = document.createElement('div');
      button.setAttribute('role', 'button');
      button.textContent = 'Đăng nhập bằng Google';
      parent.appendChild(button);
    }),
  };
  return { id, choose: (credential: string) => callback!({ credential }) };
}

function api(config: FakeReply, onGoogle: (call: RecordedCall) => FakeReply = () => ({ status: 404 })) {
  return mockFetch((call) => {
    if (call.path === '/api/auth/config') return config;
    if (call.path === '/api/auth/login-google') return onGoogle(call);
    return { status: 404 };
  });
}

function scripts(): HTMLScriptElement[] {
  return Array.from(document.querySelectorAll<HTMLScriptElement>(`script[src="${GOOGLE_SCRIPT_URL}"]`));
}

beforeEach(() => {
  resetAuthConfigCache();
  resetGoogleIdentityLoader();
  delete (window as GoogleWindow).google;
});

afterEach(() => {
  configure({ reactStrictMode: false });
  sessionStore.clear();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('Google sign-in on the login page', () => {
  it('without a Google client id shows only the fallback button, to /api/auth/google with the redirect', async () => {
    const { calls } = api(ok({ googleClientId: null }));
    renderAccountPage('/auth/login', <LoginPage />, '/auth/login?redirect=%2Fdashboard');
    const fallback = await screen.findByRole('link', { name: 'Đăng nhập với Google' });
    expect(fallback).toHaveAttribute('href', `${window.location.origin}/api/auth/google?redirect=%2Fdashboard`);
    expect(calls.map((call) => call.path)).toContain('/api/auth/config');
    expect(scripts()).toHaveLength(0);
  });

  it('falls back too when the config cannot be read', async () => {
    api({ status: 500 });
    renderAccountPage('/auth/login', <LoginPage />);
    expect(await screen.findByRole('link', { name: 'Đăng nhập với Google' })).toHaveAttribute('href', `${window.location.origin}/api/auth/google?redirect=%2F`);
  });

  it("renders Google's button 280 wide with the server's client id; the chosen account logs in and follows the redirect", async () => {
    const google = fakeGoogle();
    (window as GoogleWindow).google = { accounts: { id: google.id } };
    const { calls } = api(ok({ googleClientId: 'client-123.apps.googleusercontent.com' }), () =>
      ok({ accessToken: 'g-access', token: 'g-access', refreshToken: 'g-refresh', userId: '31', fullName: 'Lê Thị Hoa', email: 'hoa@gmail.com', role: 'customer', emailVerified: true, avatar: 'https://lh3.example/hoa.jpg' }),
    );
    renderAccountPage('/auth/login', <LoginPage />, '/auth/login?redirect=%2Fmaintenance-history');

    await waitFor(() => expect(google.id.renderButton).toHaveBeenCalled());
    expect(google.id.initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'client-123.apps.googleusercontent.com' }));
    expect(google.id.renderButton.mock.calls[0]![1]).toMatchObject({ width: 280 });
    expect(screen.getByTestId('google-button')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Đăng nhập với Google' })).not.toBeInTheDocument();

    act(() => google.choose('google-id-token'));

    await waitFor(() => expect(currentLocation()).toBe('/maintenance-history'));
    expect(calls.find((call) => call.path === '/api/auth/login-google')).toMatchObject({ method: 'POST', body: { token: 'google-id-token' } });
    expect(sessionStore.current).toMatchObject({ token: 'g-access', refreshToken: 'g-refresh', user: { id: '31', avatar: 'https://lh3.example/hoa.jpg' } });
  });

  it("a refused Google login says the server's message, else 'Google login failed'", async () => {
    const google = fakeGoogle();
    (window as GoogleWindow).google = { accounts: { id: google.id } };
    api(ok({ googleClientId: 'client-123' }), () => ({ status: 200, body: { success: false } }));
    renderAccountPage('/auth/login', <LoginPage />);
    await waitFor(() => expect(google.id.initialize).toHaveBeenCalled());
    act(() => google.choose('bad-token'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google login failed');
    expect(currentLocation()).toBe('/auth/login');
  });

  it('loads the Google script, trying once a second; the button appears once it has loaded', async () => {
    jest.useFakeTimers();
    const google = fakeGoogle();
    api(ok({ googleClientId: 'client-123' }));
    renderAccountPage('/auth/login', <LoginPage />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]!.async).toBe(true);
    expect(screen.getByText('Đang tải đăng nhập Google...')).toBeInTheDocument();

    // the first download fails: the tag is put back at the next try
    act(() => {
      scripts()[0]!.dispatchEvent(new Event('error'));
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]!.dataset.failed).toBeUndefined();

    (window as GoogleWindow).google = { accounts: { id: google.id } };
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(google.id.renderButton).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Đang tải đăng nhập Google...')).not.toBeInTheDocument();
  });

  it('gives up after 20 tries 1 s apart: logs an error and shows the fallback button', async () => {
    jest.useFakeTimers();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api(ok({ googleClientId: 'client-123' }));
    renderAccountPage('/auth/login', <LoginPage />, '/auth/login?redirect=%2Fprofile');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(18_900);
    });
    expect(screen.queryByRole('link', { name: 'Đăng nhập với Google' })).not.toBeInTheDocument();
    expect(logged).not.toHaveBeenCalled();

    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByRole('link', { name: 'Đăng nhập với Google' })).toHaveAttribute('href', `${window.location.origin}/api/auth/google?redirect=%2Fprofile`);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('Google Sign-In'), expect.any(Error));
  });
});

describe("the server's Google redirect flow, back on the login page", () => {
  const HOA_SESSION = { accessToken: 'g-access', token: 'g-access', refreshToken: 'g-refresh', userId: '31', fullName: 'Lê Thị Hoa', email: 'hoa@gmail.com', role: 'customer', emailVerified: true, avatar: null };

  it('?googleCode=…: takes the code out of the address, exchanges it with the cookies sent along, starts the session and follows the redirect', async () => {
    const exchangeReply = deferred<FakeReply>();
    const { calls, fetch } = mockFetch((call) => {
      if (call.path === '/api/auth/google/exchange') return exchangeReply.promise;
      if (call.path === '/api/auth/config') return ok({ googleClientId: null });
      return { status: 404 };
    });
    // StrictMode (as in bootstrap.tsx) runs the arrival effect twice in development; the code must still be sent once
    configure({ reactStrictMode: true });
    renderAccountPage('/auth/login', <LoginPage />, '/auth/login?redirect=%2Fprofile&googleCode=one-time-code');

    // while the exchange runs, the code is already gone from the address
    await waitFor(() => expect(calls.some((call) => call.path === '/api/auth/google/exchange')).toBe(true));
    expect(currentLocation()).toBe('/auth/login?redirect=%2Fprofile');
    const exchange = calls.find((call) => call.path === '/api/auth/google/exchange')!;
    expect(exchange).toMatchObject({ method: 'POST', body: { code: 'one-time-code' } });
    const init = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/auth/google/exchange'))![1] as RequestInit;
    // the code only works with this browser's binding cookie
    expect(init.credentials).toBe('same-origin');

    await act(async () => exchangeReply.resolve(ok(HOA_SESSION)));
    await waitFor(() => expect(currentLocation()).toBe('/profile'));
    expect(sessionStore.current).toMatchObject({ token: 'g-access', refreshToken: 'g-refresh', user: { id: '31', fullName: 'Lê Thị Hoa' } });
    expect(calls.filter((call) => call.path === '/api/auth/google/exchange')).toHaveLength(1);
  });

  it("a refused code (used, expired, another browser's) says 'Google login failed' and signs nobody in", async () => {
    mockFetch((call) => {
      if (call.path === '/api/auth/google/exchange') return fail(400, 'Đăng nhập Google thất bại: mã xác thực không hợp lệ hoặc đã hết hạn.', 'GOOGLE_CODE_INVALID');
      if (call.path === '/api/auth/config') return ok({ googleClientId: null });
      return { status: 404 };
    });
    renderAccountPage('/auth/login', <LoginPage />, '/auth/login?redirect=%2Fprofile&googleCode=spent-code');
    expect(await screen.findByRole('alert')).toHaveTextContent('Google login failed');
    expect(currentLocation()).toBe('/auth/login?redirect=%2Fprofile');
    expect(sessionStore.current).toBeNull();
  });

  it('ignores tokens in the address (#accessToken=…&refreshToken=…): no session, no profile call (login CSRF)', async () => {
    const { calls } = mockFetch((call) => {
      if (call.path === '/api/Auth/profile' || call.path === '/api/auth/profile')
        return ok({ id: '66', userId: '66', fullName: 'Kẻ Tấn Công', email: 'attacker@gmail.com', role: 'customer', emailVerified: true, avatar: null });
      if (call.path === '/api/auth/config') return ok({ googleClientId: null });
      return { status: 404 };
    });
    renderAccountPage('/auth/login', <LoginPage />, '/auth/login?redirect=%2Fprofile#accessToken=attacker-access&refreshToken=attacker-refresh');
    // the page has settled: its Google button is there, and the login form with no error
    await screen.findByRole('link', { name: 'Đăng nhập với Google' });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/config']);
    expect(sessionStore.current).toBeNull();
    expect(currentLocation()).toBe('/auth/login?redirect=%2Fprofile');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("?error=google says 'Google login failed'", async () => {
    api(ok({ googleClientId: null }));
    renderAccountPage('/auth/login', <LoginPage />, '/auth/login?redirect=%2F&error=google');
    expect(await screen.findByRole('alert')).toHaveTextContent('Google login failed');
    await screen.findByRole('link', { name: 'Đăng nhập với Google' });
  });
});

describe('the Google login thunk failure message', () => {
  it("prefers the server's message", async () => {
    const google = fakeGoogle();
    (window as GoogleWindow).google = { accounts: { id: google.id } };
    api(ok({ googleClientId: 'client-123' }), () => fail(401, 'Tài khoản Google chưa được xác minh.', 'GOOGLE_TOKEN_INVALID'));
    renderAccountPage('/auth/login', <LoginPage />);
    await waitFor(() => expect(google.id.initialize).toHaveBeenCalled());
    act(() => google.choose('bad-token'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tài khoản Google chưa được xác minh.');
  });
});
