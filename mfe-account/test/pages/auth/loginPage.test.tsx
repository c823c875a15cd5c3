import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eventBus, sessionStore, type BusEvents } from 'shared-contracts';
import { resetAuthConfigCache } from '../../../src/api/accountApi';
import { LoginPage } from '../../../src/pages/auth/LoginPage';
import { currentLocation, deferred, fail, mockFetch, ok, renderAccountPage, type FakeReply, type RecordedCall } from '../../helpers';

const LOGIN_DATA = {
  accessToken: 'access-1',
  token: 'access-1',
  refreshToken: 'refresh-1',
  userId: '12',
  fullName: 'Nguyễn Văn An',
  email: 'an@example.vn',
  role: 'customer',
  emailVerified: true,
  avatar: null,
};

/** The API of these tests: no Google client id unless asked, and `onLogin` for the login call. */
function api(onLogin: (call: RecordedCall) => FakeReply | Promise<FakeReply>, config: unknown = ok({ googleClientId: null })) {
  return mockFetch((call) => {
    if (call.path === '/api/auth/config') return config as FakeReply;
    if (call.path === '/api/auth/login') return onLogin(call);
    return { status: 404 };
  });
}

function renderLogin(url = '/auth/login', state?: unknown) {
  return renderAccountPage('/auth/login', <LoginPage />, url, state);
}

async function fillAndSubmit(identifier: string, password: string) {
  if (identifier) await userEvent.type(screen.getByLabelText('Email hoặc số điện thoại'), identifier);
  if (password) await userEvent.type(screen.getByLabelText('Mật khẩu'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Đăng nhập' }));
}

beforeEach(() => resetAuthConfigCache());
afterEach(() => {
  sessionStore.clear();
  sessionStorage.clear();
});

describe('the login form', () => {
  it('says what is missing, in Vietnamese, marks the fields invalid and focuses the first one; sends nothing', async () => {
    const { calls } = api(() => ok(LOGIN_DATA));
    renderLogin();
    await fillAndSubmit('', '');

    const identifier = screen.getByLabelText('Email hoặc số điện thoại');
    expect(identifier).toHaveAttribute('aria-invalid', 'true');
    expect(identifier).toHaveAccessibleDescription('Vui lòng nhập email hoặc số điện thoại.');
    expect(screen.getByLabelText('Mật khẩu')).toHaveAccessibleDescription('Vui lòng nhập mật khẩu.');
    expect(identifier).toHaveFocus();
    expect(calls.filter((call) => call.path === '/api/auth/login')).toHaveLength(0);
  });

  it('rejects something that is neither an email nor a mobile number', async () => {
    api(() => ok(LOGIN_DATA));
    renderLogin();
    await fillAndSubmit('an@example', 'matkhau123');
    expect(screen.getByLabelText('Email hoặc số điện thoại')).toHaveAccessibleDescription('Vui lòng nhập email hoặc số điện thoại di động hợp lệ.');
  });

  it('logs in with {email, password}, stores the session, publishes auth/login and goes to the redirect query', async () => {
    const { calls } = api(() => ok(LOGIN_DATA));
    const logins: BusEvents['auth/login'][] = [];
    const subscription = eventBus.on('auth/login').subscribe((event) => logins.push(event));
    renderLogin('/auth/login?redirect=%2Fmy-vehicles%3Ftab%3Dall');

    await fillAndSubmit(' an@example.vn ', 'matkhau123');

    await waitFor(() => expect(currentLocation()).toBe('/my-vehicles?tab=all'));
    expect(calls.find((call) => call.path === '/api/auth/login')).toMatchObject({ method: 'POST', body: { email: 'an@example.vn', password: 'matkhau123' } });
    expect(localStorage.getItem('authToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ id: '12', fullName: 'Nguyễn Văn An', role: 'customer' });
    expect(logins).toEqual([{ token: 'access-1', user: expect.objectContaining({ id: '12', email: 'an@example.vn' }) }]);
    subscription.unsubscribe();
  });

  it('sends a mobile number, normalised, as emailOrPhone; goes home without a redirect', async () => {
    const { calls } = api(() => ok(LOGIN_DATA));
    renderLogin();
    await fillAndSubmit('+84 912 345 678', 'matkhau123');
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(calls.find((call) => call.path === '/api/auth/login')!.body).toEqual({ emailOrPhone: '0912345678', password: 'matkhau123' });
  });

  it('keeps the redirect on the link to register, so a buyer who signs up from checkout comes back to it', async () => {
    api(() => ok(LOGIN_DATA));
    renderLogin('/auth/login?redirect=%2Fcheckout');
    expect(screen.getByRole('link', { name: 'Đăng ký ngay' })).toHaveAttribute('href', '/auth/register?redirect=%2Fcheckout');
    await screen.findByRole('link', { name: 'Đăng nhập với Google' });
  });

  it('never follows a redirect to another site', async () => {
    api(() => ok(LOGIN_DATA));
    renderLogin('/auth/login?redirect=https%3A%2F%2Fevil.example%2F');
    await fillAndSubmit('an@example.vn', 'matkhau123');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it("shows the server's message on a failed login and stays on the page", async () => {
    api(() => fail(401, 'Email hoặc mật khẩu không đúng.', 'INVALID_CREDENTIALS'));
    renderLogin('/auth/login?redirect=%2Fdashboard');
    await fillAndSubmit('an@example.vn', 'saimatkhau');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email hoặc mật khẩu không đúng.');
    expect(currentLocation()).toBe('/auth/login?redirect=%2Fdashboard');
    expect(sessionStore.current).toBeNull();
  });

  it("says 'Login failed' when a failed answer carries no message at all", async () => {
    api(() => ({ status: 200, body: { success: false } }));
    renderLogin();
    await fillAndSubmit('an@example.vn', 'matkhau123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it("shows the server's field messages next to the fields", async () => {
    api(() => fail(400, 'Dữ liệu không hợp lệ.', 'VALIDATION_ERROR', [{ field: 'email', message: 'Email chưa được đăng ký.' }]));
    renderLogin();
    await fillAndSubmit('an@example.vn', 'matkhau123');
    await waitFor(() => expect(screen.getByLabelText('Email hoặc số điện thoại')).toHaveAccessibleDescription('Email chưa được đăng ký.'));
    expect(screen.getByLabelText('Email hoặc số điện thoại')).toHaveFocus();
  });

  it("disables the button and says 'Đang đăng nhập...' while the request runs", async () => {
    const reply = deferred<FakeReply>();
    const { calls } = api(() => reply.promise);
    renderLogin();
    await fillAndSubmit('an@example.vn', 'matkhau123');
    const button = screen.getByRole('button', { name: 'Đang đăng nhập...' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(calls.filter((call) => call.path === '/api/auth/login')).toHaveLength(1);
    reply.resolve(ok(LOGIN_DATA));
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it('shows the notice and the email handed over by the previous screen', async () => {
    api(() => ok(LOGIN_DATA));
    renderLogin('/auth/login', { notice: 'Xác thực email thành công! Vui lòng đăng nhập.', email: 'moi@example.vn' });
    expect(screen.getByText('Xác thực email thành công! Vui lòng đăng nhập.')).toHaveAttribute('role', 'status');
    expect(screen.getByLabelText('Email hoặc số điện thoại')).toHaveValue('moi@example.vn');
    await screen.findByRole('link', { name: 'Đăng nhập với Google' });
  });

  it('sends a visitor who is already logged in on to the redirect', async () => {
    api(() => ok(LOGIN_DATA));
    sessionStore.save({ token: 't', refreshToken: null, user: { id: '1', fullName: 'A', email: 'a@b.vn', role: 'customer', emailVerified: true, avatar: null } });
    renderLogin('/auth/login?redirect=%2Fprofile');
    await waitFor(() => expect(currentLocation()).toBe('/profile'));
  });

  it('shows and hides the password', async () => {
    api(() => ok(LOGIN_DATA));
    renderLogin();
    const password = screen.getByLabelText('Mật khẩu');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Hiện mật khẩu: Mật khẩu' }));
    expect(password).toHaveAttribute('type', 'text');
    await screen.findByRole('link', { name: 'Đăng nhập với Google' });
  });
});
