import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ForgotPasswordPage } from '../../../src/pages/auth/ForgotPasswordPage';
import { ResetPasswordPage } from '../../../src/pages/auth/ResetPasswordPage';
import { currentLocation, currentState, fail, mockFetch, ok, renderAccountPage } from '../../helpers';

describe('forgot password: the request', () => {
  it('needs a valid email', async () => {
    const { calls } = mockFetch(() => ok(null));
    renderAccountPage('/auth/forgot-password', <ForgotPasswordPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Gửi mã đặt lại mật khẩu' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Vui lòng nhập email.');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Email'), 'khong-phai-email');
    await userEvent.click(screen.getByRole('button', { name: 'Gửi mã đặt lại mật khẩu' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email không hợp lệ. Ví dụ: ten@example.com');
    expect(calls).toHaveLength(0);
  });

  it('POSTs {email} to /auth/reset-password/request and goes on to the code with the email and the message', async () => {
    const { calls } = mockFetch(() => ok({ message: 'Nếu email đã đăng ký, mã đặt lại mật khẩu đã được gửi.' }, 'OK'));
    renderAccountPage('/auth/forgot-password', <ForgotPasswordPage />);
    await userEvent.type(screen.getByLabelText('Email'), ' an@example.vn ');
    await userEvent.click(screen.getByRole('button', { name: 'Gửi mã đặt lại mật khẩu' }));
    await waitFor(() => expect(currentLocation()).toBe('/auth/forgot-password/confirm?email=an%40example.vn'));
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/auth/reset-password/request', body: { email: 'an@example.vn' } });
    expect(currentState()).toEqual({ notice: 'OK', email: 'an@example.vn' });
  });

  it("shows the server's message when the request fails", async () => {
    mockFetch(() => fail(429, 'Bạn đã yêu cầu quá nhiều lần. Vui lòng thử lại sau ít phút.', 'RATE_LIMITED'));
    renderAccountPage('/auth/forgot-password', <ForgotPasswordPage />);
    await userEvent.type(screen.getByLabelText('Email'), 'an@example.vn');
    await userEvent.click(screen.getByRole('button', { name: 'Gửi mã đặt lại mật khẩu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bạn đã yêu cầu quá nhiều lần. Vui lòng thử lại sau ít phút.');
    expect(currentLocation()).toBe('/auth/forgot-password');
  });
});

describe('forgot password: the code and the new password', () => {
  function renderConfirm(url = '/auth/forgot-password/confirm?email=an%40example.vn', state?: unknown) {
    return renderAccountPage('/auth/forgot-password/confirm', <ResetPasswordPage />, url, state);
  }

  it('shows the notice handed over and fills in the email', () => {
    mockFetch(() => ok(null));
    renderConfirm('/auth/forgot-password/confirm?email=an%40example.vn', { notice: 'Mã đã được gửi tới an@example.vn.' });
    expect(screen.getByRole('status')).toHaveTextContent('Mã đã được gửi tới an@example.vn.');
    expect(screen.getByLabelText('Email')).toHaveValue('an@example.vn');
  });

  it('checks the code (6 digits), the password (8–128) and the confirmation', async () => {
    const { calls } = mockFetch(() => ok(null));
    renderConfirm();
    await userEvent.type(screen.getByLabelText('Mã xác nhận'), '12ab3');
    expect(screen.getByLabelText('Mã xác nhận')).toHaveValue('123');
    await userEvent.type(screen.getByLabelText('Mật khẩu mới'), '1234567');
    await userEvent.type(screen.getByLabelText('Xác nhận mật khẩu mới'), '7654321');
    await userEvent.click(screen.getByRole('button', { name: 'Đặt lại mật khẩu' }));
    expect(screen.getByLabelText('Mã xác nhận')).toHaveAccessibleDescription('Mã xác nhận gồm 6 chữ số.');
    expect(screen.getByLabelText('Mật khẩu mới')).toHaveAccessibleDescription(expect.stringContaining('Mật khẩu phải có từ 8 đến 128 ký tự.'));
    expect(screen.getByLabelText('Xác nhận mật khẩu mới')).toHaveAccessibleDescription('Mật khẩu xác nhận không khớp.');
    expect(screen.getByLabelText('Mã xác nhận')).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('POSTs {email, otpCode, newPassword, confirmPassword} and sends the user to log in with a confirmation', async () => {
    const { calls } = mockFetch(() => ok({ message: 'Đã đặt lại mật khẩu.' }));
    renderConfirm();
    await userEvent.type(screen.getByLabelText('Mã xác nhận'), '654321');
    await userEvent.type(screen.getByLabelText('Mật khẩu mới'), 'mat-khau-moi-2026');
    await userEvent.type(screen.getByLabelText('Xác nhận mật khẩu mới'), 'mat-khau-moi-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Đặt lại mật khẩu' }));
    await waitFor(() => expect(currentLocation()).toBe('/auth/login'));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/reset-password/confirm',
      body: { email: 'an@example.vn', otpCode: '654321', newPassword: 'mat-khau-moi-2026', confirmPassword: 'mat-khau-moi-2026' },
    });
    expect(currentState()).toEqual({ notice: 'Đặt lại mật khẩu thành công. Vui lòng đăng nhập bằng mật khẩu mới.', email: 'an@example.vn' });
  });

  it("shows the server's message and field message for a wrong or expired code", async () => {
    mockFetch(() => fail(400, 'Mã OTP không đúng hoặc đã hết hạn.', 'OTP_INVALID', [{ field: 'otpCode', message: 'Mã OTP không đúng hoặc đã hết hạn.' }]));
    renderConfirm();
    await userEvent.type(screen.getByLabelText('Mã xác nhận'), '000000');
    await userEvent.type(screen.getByLabelText('Mật khẩu mới'), 'mat-khau-moi-2026');
    await userEvent.type(screen.getByLabelText('Xác nhận mật khẩu mới'), 'mat-khau-moi-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Đặt lại mật khẩu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Mã OTP không đúng hoặc đã hết hạn.');
    expect(screen.getByLabelText('Mã xác nhận')).toHaveAccessibleDescription('Mã OTP không đúng hoặc đã hết hạn.');
    expect(currentLocation()).toBe('/auth/forgot-password/confirm?email=an%40example.vn');
  });
});
