import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from 'shared-contracts';
import { RegisterPage } from '../../../src/pages/auth/RegisterPage';
import { currentLocation, currentState, deferred, fail, mockFetch, ok, renderAccountPage, type FakeReply, type RecordedCall } from '../../helpers';

function renderRegister(url = '/auth/register') {
  return renderAccountPage('/auth/register', <RegisterPage />, url);
}

function api(handlers: Record<string, (call: RecordedCall) => FakeReply | Promise<FakeReply>>) {
  return mockFetch((call) => handlers[call.path]?.(call) ?? { status: 404 });
}

/** The field whose label starts with `label` (optional fields add "(không bắt buộc)"). */
function field(label: string) {
  return screen.getByLabelText(new RegExp(`^${label}`));
}

async function fillValidForm(overrides: Partial<Record<string, string>> = {}, gender: string | null = 'FEMALE') {
  const values = {
    'Họ và tên': '  Trần   Thị Bình ',
    Email: 'binh@example.vn',
    'Số điện thoại': '0912.345.678',
    'Ngày sinh': '1995-08-20',
    'Mật khẩu': 'matkhau-an-toan',
    'Xác nhận mật khẩu': 'matkhau-an-toan',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    if (value) await userEvent.type(field(label), value);
  }
  if (gender) await userEvent.selectOptions(field('Giới tính'), gender);
}

afterEach(() => {
  sessionStore.clear();
  sessionStorage.clear();
});

describe('the register form', () => {
  it('checks every field in Vietnamese before sending, focusing the first invalid one', async () => {
    const { calls } = api({});
    renderRegister();
    await userEvent.click(screen.getByRole('button', { name: 'Đăng ký' }));

    const expected: Array<[string, string]> = [
      ['Họ và tên', 'Vui lòng nhập họ và tên.'],
      ['Email', 'Vui lòng nhập email.'],
      ['Số điện thoại', 'Vui lòng nhập số điện thoại.'],
      ['Mật khẩu', 'Vui lòng nhập mật khẩu.'],
      ['Xác nhận mật khẩu', 'Vui lòng nhập xác nhận mật khẩu.'],
    ];
    for (const [label, message] of expected) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    // A shop needs no birth date or gender to sell: the profile can ask later.
    for (const optional of [/Địa chỉ/, /^Ngày sinh/, /^Giới tính/]) expect(screen.getByLabelText(optional)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Họ và tên')).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('rejects a bad email, a non-Vietnamese phone, a short password, a mismatch and a future birth date', async () => {
    api({});
    renderRegister();
    await userEvent.type(screen.getByLabelText('Họ và tên'), 'Trần Thị Bình');
    await userEvent.type(screen.getByLabelText('Email'), 'binh@');
    await userEvent.type(screen.getByLabelText('Số điện thoại'), '0212345678');
    await userEvent.type(field('Ngày sinh'), '2999-01-01');
    await userEvent.type(screen.getByLabelText('Mật khẩu'), 'ngan');
    await userEvent.type(screen.getByLabelText('Xác nhận mật khẩu'), 'khac');
    await userEvent.click(screen.getByRole('button', { name: 'Đăng ký' }));

    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email không hợp lệ. Ví dụ: ten@example.com');
    expect(screen.getByLabelText('Số điện thoại')).toHaveAccessibleDescription(expect.stringContaining('Số điện thoại không hợp lệ'));
    expect(field('Ngày sinh')).toHaveAccessibleDescription('Ngày sinh không được ở tương lai.');
    expect(screen.getByLabelText('Mật khẩu')).toHaveAccessibleDescription(expect.stringContaining('Mật khẩu phải có từ 8 đến 128 ký tự.'));
    expect(screen.getByLabelText('Xác nhận mật khẩu')).toHaveAccessibleDescription('Mật khẩu xác nhận không khớp.');
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('rejects a password longer than 128 characters', async () => {
    api({});
    renderRegister();
    await fillValidForm({ 'Mật khẩu': '', 'Xác nhận mật khẩu': '' });
    const long = 'a'.repeat(129);
    await userEvent.click(screen.getByLabelText('Mật khẩu'));
    await userEvent.paste(long);
    await userEvent.click(screen.getByRole('button', { name: 'Đăng ký' }));
    expect(screen.getByLabelText('Mật khẩu')).toHaveAccessibleDescription(expect.stringContaining('Mật khẩu phải có từ 8 đến 128 ký tự.'));
  });

  it('sends the payload (trimmed, phone normalised, no empty address), then asks for the emailed code', async () => {
    const { calls } = api({ '/api/auth/register': () => ok({ userId: '41', email: 'binh@example.vn', emailVerified: false }) });
    renderRegister();
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Đăng ký' }));

    expect(await screen.findByRole('heading', { name: 'Đăng ký thành công!' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/auth/register' });
    expect(calls[0]!.body).toEqual({
      fullName: 'Trần Thị Bình',
      email: 'binh@example.vn',
      password: 'matkhau-an-toan',
      confirmPassword: 'matkhau-an-toan',
      phoneNumber: '0912345678',
      dateOfBirth: '1995-08-20',
      gender: 'FEMALE',
    });
    expect(screen.getByText(/đã gửi mã xác thực gồm 6 chữ số tới binh@example.vn/)).toBeInTheDocument();
  });

  it('sends no birth date or gender when they are left empty', async () => {
    const { calls } = api({ '/api/auth/register': () => ok({ userId: '41', email: 'binh@example.vn', emailVerified: false }) });
    renderRegister();
    await fillValidForm({ 'Ngày sinh': '' }, null);
    await userEvent.click(screen.getByRole('button', { name: 'Đăng ký' }));
    expect(await screen.findByRole('heading', { name: 'Đăng ký thành công!' })).toBeInTheDocument();
    expect(calls[0]!.body).not.toHaveProperty('dateOfBirth');
    expect(calls[0]!.body).not.toHaveProperty('gender');
  });

  it('includes the address when one is given', async () => {
    const { calls } = api({ '/api/auth/register': () => ok({ userId: 41, email: 'binh@example.vn', emailVerified: false }) });
    renderRegister();
    await fillValidForm();
    await userEvent.type(screen.getByLabelText(/Địa chỉ/), ' 12 Lý Thường Kiệt, Hà Nội ');
    await userEvent.click(screen.getByRole('button', { name: 'Đăng ký' }));
    await screen.findByRole('heading', { name: 'Đăng ký thành công!' });
    expect(calls[0]!.body).toMatchObject({ address: '12 Lý Thường Kiệt, Hà Nội' });
  });

  it("shows the server's message and its field messages (e.g. an email already registered)", async () => {
    api({ '/api/auth/register': () => fail(409, 'Email đã được sử dụng.', 'EMAIL_TAKEN', [{ field: 'email', message: 'Email này đã có tài khoản.' }]) });
    renderRegister();
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Đăng ký' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email đã được sử dụng.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email này đã có tài khoản.');
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it("says 'Đang đăng ký...' and sends once while the request runs", async () => {
    const reply = deferred<FakeReply>();
    const { calls } = api({ '/api/auth/register': () => reply.promise });
    renderRegister();
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Đăng ký' }));
    expect(screen.getByRole('button', { name: 'Đang đăng ký...' })).toBeDisabled();
    reply.resolve(ok({ userId: '41', email: 'binh@example.vn', emailVerified: false }));
    await screen.findByRole('heading', { name: 'Đăng ký thành công!' });
    expect(calls).toHaveLength(1);
  });
});

describe('the code after registering', () => {
  async function registered(handlers: Record<string, (call: RecordedCall) => FakeReply | Promise<FakeReply>>) {
    const api_ = api({ '/api/auth/register': () => ok({ userId: '41', email: 'binh@example.vn', emailVerified: false }), ...handlers });
    renderRegister();
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Đăng ký' }));
    await screen.findByRole('heading', { name: 'Đăng ký thành công!' });
    return api_;
  }

  it('keeps digits only (6 at most), verifies with {userId, otpCode}, then sends the user to log in', async () => {
    const { calls } = await registered({ '/api/auth/verify-email': () => ok(null, 'Xác thực email thành công!') });
    const code = screen.getByLabelText('Mã xác nhận');
    await userEvent.type(code, '12a34-5678');
    expect(code).toHaveValue('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Xác thực email' }));

    await waitFor(() => expect(currentLocation()).toBe('/auth/login'));
    expect(calls.find((call) => call.path === '/api/auth/verify-email')!.body).toEqual({ userId: '41', otpCode: '123456' });
    expect(currentState()).toEqual({ notice: 'Xác thực email thành công! Vui lòng đăng nhập.', email: 'binh@example.vn' });
  });

  it('needs all 6 digits', async () => {
    const { calls } = await registered({});
    await userEvent.type(screen.getByLabelText('Mã xác nhận'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Xác thực email' }));
    expect(screen.getByLabelText('Mã xác nhận')).toHaveAccessibleDescription('Mã xác nhận gồm 6 chữ số.');
    expect(calls.some((call) => call.path === '/api/auth/verify-email')).toBe(false);
  });

  it("a wrong code shows the server's message, else 'Mã OTP không đúng. Vui lòng thử lại.'", async () => {
    await registered({ '/api/auth/verify-email': () => ({ status: 400 }) });
    await userEvent.type(screen.getByLabelText('Mã xác nhận'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Xác thực email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Mã OTP không đúng. Vui lòng thử lại.');
    expect(currentLocation()).toBe('/auth/register');
  });

  it("resends the code to the new address: 'Đã gửi lại mã OTP. Vui lòng kiểm tra email.'", async () => {
    const { calls } = await registered({ '/api/auth/resend-verification': () => ok({ message: 'Đã gửi.' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Gửi lại mã' }));
    expect(await screen.findByText('Đã gửi lại mã OTP. Vui lòng kiểm tra email.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/auth/resend-verification')!.body).toEqual({ email: 'binh@example.vn' });
  });

  it('keeps the code step through a reload (back from the mail app), until the code is verified', async () => {
    await registered({ '/api/auth/verify-email': () => ok(null, 'Xác thực email thành công!') });
    cleanup();
    renderRegister();
    expect(await screen.findByRole('heading', { name: 'Đăng ký thành công!' })).toBeInTheDocument();
    expect(screen.getByText(/đã gửi mã xác thực gồm 6 chữ số tới binh@example.vn/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Mã xác nhận'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Xác thực email' }));
    await waitFor(() => expect(currentLocation()).toBe('/auth/login'));
    cleanup();
    renderRegister();
    expect(screen.getByRole('button', { name: 'Đăng ký' })).toBeInTheDocument();
  });

  it('sends a buyer who signed up from checkout back there: login after the code keeps redirect=/checkout', async () => {
    const { calls } = api({
      '/api/auth/register': () => ok({ userId: '41', email: 'binh@example.vn', emailVerified: false }),
      '/api/auth/verify-email': () => ok(null, 'Xác thực email thành công!'),
    });
    renderRegister('/auth/register?redirect=%2Fcheckout');
    expect(screen.getByRole('link', { name: 'Đăng nhập' })).toHaveAttribute('href', '/auth/login?redirect=%2Fcheckout');
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Đăng ký' }));
    await screen.findByRole('heading', { name: 'Đăng ký thành công!' });
    // a reload while the buyer reads their mail keeps where they were going, too
    cleanup();
    renderRegister();
    await userEvent.type(await screen.findByLabelText('Mã xác nhận'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Xác thực email' }));
    await waitFor(() => expect(currentLocation()).toBe('/auth/login?redirect=%2Fcheckout'));
    expect(calls.filter((call) => call.path === '/api/auth/verify-email')).toHaveLength(1);
  });

  it('never carries a redirect off the site', async () => {
    api({});
    renderRegister('/auth/register?redirect=https%3A%2F%2Fevil.example');
    expect(screen.getByRole('link', { name: 'Đăng nhập' })).toHaveAttribute('href', '/auth/login');
  });

  it('can be left for later: the link to log in carries the email', async () => {
    await registered({});
    await userEvent.click(screen.getByRole('link', { name: 'Để sau, đăng nhập ngay' }));
    expect(currentLocation()).toBe('/auth/login');
    expect(currentState()).toEqual({ email: 'binh@example.vn' });
  });
});
