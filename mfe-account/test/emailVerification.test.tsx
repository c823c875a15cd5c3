import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eventBus, sessionStore, type User } from 'shared-contracts';
import DefaultBanner, { EmailVerificationBanner } from '../src/EmailVerificationBanner';
import { EmailVerificationModal } from '../src/verification/EmailVerificationModal';
import { deferred, logIn, mockFetch, UNVERIFIED, type FakeReply } from './helpers';

const BANNER_TEXT = 'Tài khoản của bạn chưa được xác thực email.';

afterEach(() => {
  sessionStore.clear();
  jest.useRealTimers();
});

function openModal() {
  return userEvent.click(screen.getByRole('button', { name: 'Xác thực email' }));
}

describe('the email verification banner', () => {
  it('is exported both as default and by name', () => {
    expect(DefaultBanner).toBe(EmailVerificationBanner);
  });

  it('is hidden for a guest', () => {
    const { container } = render(<EmailVerificationBanner />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByText(BANNER_TEXT)).not.toBeInTheDocument();
  });

  it('is hidden for a user whose email is verified', () => {
    logIn({ ...UNVERIFIED, emailVerified: true });
    const { container } = render(<EmailVerificationBanner />);
    expect(container).toBeEmptyDOMElement();
  });

  it('is shown for a logged-in user whose email is not verified, with both actions', () => {
    logIn();
    render(<EmailVerificationBanner />);
    expect(screen.getByText(BANNER_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gửi lại email' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Xác thực email' })).toBeEnabled();
  });

  it('follows the session: appears on login as an unverified user, goes away once verified', () => {
    render(<EmailVerificationBanner />);
    expect(screen.queryByText(BANNER_TEXT)).not.toBeInTheDocument();
    act(() => logIn());
    expect(screen.getByText(BANNER_TEXT)).toBeInTheDocument();
    act(() => sessionStore.updateUser({ ...UNVERIFIED, emailVerified: true }));
    expect(screen.queryByText(BANNER_TEXT)).not.toBeInTheDocument();
  });

  it("resend shows 'Đang gửi...' while sending, then the success message", async () => {
    logIn();
    const reply = deferred<FakeReply>();
    const { calls } = mockFetch(() => reply.promise);
    render(<EmailVerificationBanner />);

    await userEvent.click(screen.getByRole('button', { name: 'Gửi lại email' }));
    const sendingButton = screen.getByRole('button', { name: 'Đang gửi...' });
    expect(sendingButton).toBeDisabled();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/auth/resend-verification', body: { email: 'khach@example.vn' } });
    expect(calls[0]!.headers.Authorization).toBe('Bearer test-token');

    // a second click while sending sends nothing
    await userEvent.click(sendingButton);
    expect(calls).toHaveLength(1);

    reply.resolve({ status: 200, body: { success: true, data: null } });
    expect(await screen.findByText('Đã gửi lại email xác thực. Vui lòng kiểm tra hộp thư.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gửi lại email' })).toBeEnabled();
  });

  it("shows the response's message when the server gives one", async () => {
    logIn();
    mockFetch(() => ({ status: 200, body: { success: true, message: 'Email xác thực đã được gửi tới khach@example.vn.', data: null } }));
    render(<EmailVerificationBanner />);
    await userEvent.click(screen.getByRole('button', { name: 'Gửi lại email' }));
    expect(await screen.findByText('Email xác thực đã được gửi tới khach@example.vn.')).toBeInTheDocument();
  });

  it('shows the fallback failure message when the server answers 500 without a message', async () => {
    logIn();
    mockFetch(() => ({ status: 500 }));
    render(<EmailVerificationBanner />);
    await userEvent.click(screen.getByRole('button', { name: 'Gửi lại email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Không thể gửi lại email xác thực. Vui lòng thử lại.');
  });

  it("shows the server's failure message when there is one", async () => {
    logIn();
    mockFetch(() => ({ status: 429, body: { success: false, message: 'Bạn đã yêu cầu quá nhiều lần. Vui lòng thử lại sau ít phút.', code: 'RATE_LIMITED' } }));
    render(<EmailVerificationBanner />);
    await userEvent.click(screen.getByRole('button', { name: 'Gửi lại email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bạn đã yêu cầu quá nhiều lần. Vui lòng thử lại sau ít phút.');
  });

  it('cannot resend for a user without an email', async () => {
    logIn({ ...UNVERIFIED, email: '' });
    const { calls } = mockFetch(() => ({ status: 200, body: { success: true } }));
    render(<EmailVerificationBanner />);
    const button = screen.getByRole('button', { name: 'Gửi lại email' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(calls).toHaveLength(0);
  });
});

describe('the email verification modal', () => {
  it("opens from the banner for the user's email, focused on the code input", async () => {
    logIn();
    render(<EmailVerificationBanner />);
    await openModal();
    const dialog = screen.getByRole('dialog', { name: 'Xác thực email' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText('Mã xác thực gồm 6 chữ số đã được gửi tới khach@example.vn.')).toBeInTheDocument();
    const input = within(dialog).getByLabelText('Mã OTP');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('opens when another package asks for it on the bus', () => {
    logIn();
    render(<EmailVerificationBanner />);
    act(() => eventBus.publish('auth/verify-email-requested', { email: 'khach@example.vn' }));
    expect(screen.getByRole('dialog', { name: 'Xác thực email' })).toBeInTheDocument();
  });

  it('keeps digits only in the code, at most 6', async () => {
    logIn();
    render(<EmailVerificationBanner />);
    await openModal();
    const input = screen.getByLabelText('Mã OTP');
    await userEvent.type(input, 'a1b2c3d4');
    expect(input).toHaveValue('1234');
    await userEvent.type(input, 'e5f6g7h8');
    expect(input).toHaveValue('123456');
    await userEvent.clear(input);
    await userEvent.paste('Mã: 98-76-54-32');
    expect(input).toHaveValue('987654');
  });

  it('verify is disabled while the code is empty; Enter with an empty code sends nothing', async () => {
    logIn();
    const { calls } = mockFetch(() => ({ status: 200, body: { success: true } }));
    render(<EmailVerificationBanner />);
    await openModal();
    const verify = screen.getByRole('button', { name: 'Xác thực' });
    expect(verify).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Mã OTP'), 'abc{Enter}');
    expect(verify).toBeDisabled();
    expect(calls).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Mã OTP'), '1');
    expect(verify).toBeEnabled();
  });

  it('Enter submits the code with the logged-in user id; verify is disabled while the request runs', async () => {
    logIn();
    const reply = deferred<FakeReply>();
    const { calls } = mockFetch(() => reply.promise);
    render(<EmailVerificationBanner />);
    await openModal();
    await userEvent.type(screen.getByLabelText('Mã OTP'), '123456{Enter}');
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', path: '/api/auth/verify-email', body: { userId: 'u-1', otpCode: '123456' } })]);
    expect(screen.getByRole('button', { name: 'Đang xác thực...' })).toBeDisabled();
    reply.resolve({ status: 400, body: { success: false, message: 'Mã OTP đã hết hạn.', code: 'OTP_EXPIRED' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Mã OTP đã hết hạn.');
  });

  it("a wrong code shows the server's message and keeps the dialog open", async () => {
    logIn();
    mockFetch(() => ({ status: 400, body: { success: false, message: 'Mã OTP không hợp lệ.', code: 'OTP_INVALID' } }));
    render(<EmailVerificationBanner />);
    await openModal();
    await userEvent.type(screen.getByLabelText('Mã OTP'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Xác thực' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Mã OTP không hợp lệ.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByLabelText('Mã OTP')).toHaveValue('000000');
  });

  it("a failure without a server message says 'Mã OTP không đúng. Vui lòng thử lại.'", async () => {
    logIn();
    mockFetch(() => ({ status: 500 }));
    render(<EmailVerificationBanner />);
    await openModal();
    await userEvent.type(screen.getByLabelText('Mã OTP'), '111111{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Mã OTP không đúng. Vui lòng thử lại.');
  });

  it('success shows the message, closes after 1500 ms, re-fetches the profile and stores the verified user', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    logIn();
    const published: User[] = [];
    const subscription = eventBus.on('auth/user-updated').subscribe(({ user: updated }) => published.push(updated));
    const { calls } = mockFetch(({ method, path }) => {
      if (method === 'POST' && path === '/api/auth/verify-email') return { status: 200, body: { success: true, message: 'Xác thực thành công', data: null } };
      if (method === 'GET' && path === '/api/Auth/profile') {
        return { status: 200, body: { success: true, message: 'OK', data: { userId: 'u-1', fullName: 'Nguyễn Văn Khách', email: 'khach@example.vn', role: 'customer', emailVerified: true, avatarUrl: null } } };
      }
      return { status: 404 };
    });
    render(<EmailVerificationBanner />);
    await user.click(screen.getByRole('button', { name: 'Xác thực email' }));
    await user.type(screen.getByLabelText('Mã OTP'), '123456');
    await user.click(screen.getByRole('button', { name: 'Xác thực' }));

    expect(await screen.findByText('Xác thực email thành công!')).toBeInTheDocument();
    expect(screen.queryByLabelText('Mã OTP')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/Auth/profile')).toBe(false);

    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await waitFor(() => expect(sessionStore.current?.user.emailVerified).toBe(true));
    expect(calls.filter((call) => call.method === 'GET' && call.path === '/api/Auth/profile')).toHaveLength(1);
    expect(published).toEqual([expect.objectContaining({ id: 'u-1', emailVerified: true })]);
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ id: 'u-1', emailVerified: true });
    expect(screen.queryByText(BANNER_TEXT)).not.toBeInTheDocument();
    subscription.unsubscribe();
  });

  it('still marks the user verified when the profile cannot be re-fetched', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    logIn();
    mockFetch(({ path }) => (path === '/api/auth/verify-email' ? { status: 200, body: { success: true } } : { status: 503 }));
    render(<EmailVerificationBanner />);
    await user.click(screen.getByRole('button', { name: 'Xác thực email' }));
    await user.type(screen.getByLabelText('Mã OTP'), '123456{Enter}');
    await screen.findByText('Xác thực email thành công!');
    act(() => jest.advanceTimersByTime(1500));
    await waitFor(() => expect(sessionStore.current?.user.emailVerified).toBe(true));
  });

  it('closes on an overlay click, and focus returns to the banner button', async () => {
    logIn();
    render(<EmailVerificationBanner />);
    await openModal();
    await userEvent.click(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('email-verification-overlay'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Xác thực email' })).toHaveFocus();
  });

  it('closes on the close button and on Escape', async () => {
    logIn();
    render(<EmailVerificationBanner />);
    await openModal();
    await userEvent.click(screen.getByRole('button', { name: 'Đóng' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await openModal();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps keyboard focus inside the dialog', async () => {
    logIn();
    render(<EmailVerificationBanner />);
    await openModal();
    await userEvent.type(screen.getByLabelText('Mã OTP'), '1');
    const dialog = screen.getByRole('dialog');
    for (let step = 0; step < 6; step += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it("resend in the modal says 'Đã gửi lại mã OTP. Vui lòng kiểm tra email.'", async () => {
    logIn();
    const { calls } = mockFetch(() => ({ status: 200, body: { success: true, message: 'OK' } }));
    render(<EmailVerificationBanner />);
    await openModal();
    await userEvent.click(screen.getByRole('button', { name: 'Gửi lại mã' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Đã gửi lại mã OTP. Vui lòng kiểm tra email.');
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', path: '/api/auth/resend-verification', body: { email: 'khach@example.vn' } })]);
  });

  it("resend in the modal: the server's message, else 'Không thể gửi lại mã OTP. Vui lòng thử lại.'", async () => {
    logIn();
    let reply: FakeReply = { status: 500 };
    mockFetch(() => reply);
    render(<EmailVerificationBanner />);
    await openModal();
    await userEvent.click(screen.getByRole('button', { name: 'Gửi lại mã' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Không thể gửi lại mã OTP. Vui lòng thử lại.');
    reply = { status: 429, body: { success: false, message: 'Vui lòng chờ 60 giây trước khi gửi lại.', code: 'RATE_LIMITED' } };
    await userEvent.click(screen.getByRole('button', { name: 'Gửi lại mã' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Vui lòng chờ 60 giây trước khi gửi lại.'));
  });

  it('has no resend when the email is unknown', () => {
    logIn();
    render(<EmailVerificationModal email={null} onClose={() => undefined} />);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gửi lại mã' })).not.toBeInTheDocument();
    expect(screen.queryByText(/đã được gửi tới/)).not.toBeInTheDocument();
  });

  it('needs a logged-in user id to verify', async () => {
    const { calls } = mockFetch(() => ({ status: 200, body: { success: true } }));
    render(<EmailVerificationModal email="khach@example.vn" onClose={() => undefined} />);
    await userEvent.type(screen.getByLabelText('Mã OTP'), '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Vui lòng đăng nhập để xác thực email.');
    expect(calls).toHaveLength(0);
  });

  it('says the server cannot be reached when the network is down (not "wrong code")', async () => {
    logIn();
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    render(<EmailVerificationBanner />);
    await openModal();
    await userEvent.type(screen.getByLabelText('Mã OTP'), '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Không thể kết nối tới máy chủ. Vui lòng kiểm tra mạng và thử lại.');
  });
});

describe('closing the modal while the code is being checked', () => {
  it('still refreshes the user when the check succeeds afterwards', async () => {
    logIn();
    const verifyReply = deferred<FakeReply>();
    const { calls } = mockFetch(({ path }) =>
      path === '/api/auth/verify-email'
        ? verifyReply.promise
        : { status: 200, body: { success: true, message: 'OK', data: { ...UNVERIFIED, emailVerified: true } } },
    );
    render(<EmailVerificationBanner />);
    await openModal();
    await userEvent.type(screen.getByLabelText('Mã OTP'), '123456{Enter}');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    verifyReply.resolve({ status: 200, body: { success: true } });
    await waitFor(() => expect(sessionStore.current?.user.emailVerified).toBe(true));
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/verify-email', '/api/Auth/profile']);
  });
});
