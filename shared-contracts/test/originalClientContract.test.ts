import type { z } from 'zod';
import {
  authSessionResponseSchema,
  accountExistsResponseSchema,
  changePasswordRequestSchema,
  checkPhoneRequestSchema,
  customerProfileResponseSchema,
  emailOnlyRequestSchema,
  googleLoginRequestSchema,
  loginRequestSchema,
  logoutRequestSchema,
  messageResponseSchema,
  profileResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordConfirmRequestSchema,
  updateProfileRequestSchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from '../src/schemas';

/**
 * The product's original React client, call by call (product spec §7, and the calls issue 21 found it making):
 * what it sends must pass our request schema, and every field it reads must be one our response schema
 * requires, so that the API (whose answers are serialised through these schemas) can never drop it.
 */
interface ClientCall {
  call: string;
  request?: { schema: z.ZodType; body: unknown };
  response: { schema: z.ZodType; sample: Record<string, unknown>; reads: string[] };
}

const PASSWORD = 'MatKhau@2026';
const profile = {
  id: '7',
  userId: '7',
  fullName: 'Nguyễn Văn Khách',
  email: 'khach@example.vn',
  role: 'customer',
  emailVerified: true,
  avatar: '/api/media/avatars/0123456789abcdef0123456789abcdef.webp',
  avatarUrl: '/api/media/avatars/0123456789abcdef0123456789abcdef.webp',
  phoneNumber: '0912345678',
  address: '12 Hàng Bài, Hoàn Kiếm, Hà Nội',
  dateOfBirth: '1994-08-15',
  gender: 'MALE',
  forecastEmails: true,
};
const session = {
  accessToken: 'a.b.c',
  token: 'a.b.c',
  refreshToken: 'r',
  userId: '7',
  fullName: 'Nguyễn Văn Khách',
  email: 'khach@example.vn',
  role: 'customer',
  emailVerified: true,
  avatar: null,
};
const envelope = (data: unknown, extra: Record<string, unknown> = {}) => ({ success: true, message: 'Thành công', data, ...extra });
const message = envelope({ message: 'Đã xong.' });

const calls: ClientCall[] = [
  {
    call: 'POST /auth/register',
    request: {
      schema: registerRequestSchema,
      body: { fullName: 'Nguyễn Văn Khách', email: 'khach@example.vn', password: PASSWORD, confirmPassword: PASSWORD, phoneNumber: '0912345678', gender: 'MALE' },
    },
    response: { schema: registerResponseSchema, sample: envelope({ userId: '7', email: 'khach@example.vn', emailVerified: false }), reads: ['success', 'data.userId'] },
  },
  {
    call: 'POST /auth/login',
    request: { schema: loginRequestSchema, body: { email: 'khach@example.vn', password: PASSWORD } },
    response: {
      schema: authSessionResponseSchema,
      sample: envelope(session),
      reads: ['success', 'message', 'data.accessToken', 'data.token', 'data.refreshToken', 'data.userId', 'data.fullName', 'data.email', 'data.role', 'data.emailVerified', 'data.avatar'],
    },
  },
  { call: 'POST /auth/login-google', request: { schema: googleLoginRequestSchema, body: { token: 'eyJ.google.id' } }, response: { schema: authSessionResponseSchema, sample: envelope(session), reads: ['data.accessToken'] } },
  { call: 'POST /auth/logout', request: { schema: logoutRequestSchema, body: {} }, response: { schema: messageResponseSchema, sample: message, reads: ['success'] } },
  {
    call: 'GET /Auth/profile',
    response: { schema: profileResponseSchema, sample: envelope(profile), reads: ['data.userId', 'data.fullName', 'data.email', 'data.role', 'data.emailVerified', 'data.avatar', 'data.avatarUrl', 'data.phoneNumber'] },
  },
  {
    call: 'PUT /Auth/profile',
    request: { schema: updateProfileRequestSchema, body: { fullName: 'Trần Thị Bình', phone: '0987654321', dob: '1990-01-02', gender: 'FEMALE', address: 'Quận 1' } },
    response: { schema: profileResponseSchema, sample: envelope(profile), reads: ['data.fullName', 'data.avatarUrl'] },
  },
  {
    call: 'POST /Auth/change-password',
    request: { schema: changePasswordRequestSchema, body: { currentPassword: PASSWORD, newPassword: 'MatKhauMoi@2026', confirmNewPassword: 'MatKhauMoi@2026' } },
    response: { schema: messageResponseSchema, sample: message, reads: ['success', 'message'] },
  },
  { call: 'POST /auth/reset-password/request', request: { schema: emailOnlyRequestSchema, body: { email: 'khach@example.vn' } }, response: { schema: messageResponseSchema, sample: message, reads: ['message'] } },
  {
    call: 'POST /auth/reset-password/confirm',
    request: { schema: resetPasswordConfirmRequestSchema, body: { email: 'khach@example.vn', otpCode: '123456', newPassword: 'MatKhauMoi@2026', confirmPassword: 'MatKhauMoi@2026' } },
    response: { schema: messageResponseSchema, sample: message, reads: ['message'] },
  },
  {
    call: 'POST /auth/verify-email',
    request: { schema: verifyEmailRequestSchema, body: { userId: '7', otpCode: '123456' } },
    response: { schema: verifyEmailResponseSchema, sample: envelope({ userId: '7', emailVerified: true, message: 'Xác thực email thành công!' }), reads: ['success', 'message'] },
  },
  { call: 'POST /auth/resend-verification', request: { schema: emailOnlyRequestSchema, body: { email: 'khach@example.vn' } }, response: { schema: messageResponseSchema, sample: message, reads: ['message'] } },
  // Multipart: the file under `file` and `avatar` (the API's route tests send it); the answer is the profile.
  { call: 'POST /Auth/upload-avatar', response: { schema: profileResponseSchema, sample: envelope(profile), reads: ['data.avatar', 'data.avatarUrl'] } },
  {
    call: 'POST /auth/check-email',
    request: { schema: emailOnlyRequestSchema, body: { email: 'khach@example.vn' } },
    response: { schema: accountExistsResponseSchema, sample: envelope({ exists: true, message: 'Email này đã được đăng ký.' }, { exists: true }), reads: ['exists', 'message', 'data.exists'] },
  },
  {
    call: 'POST /auth/check-phone',
    request: { schema: checkPhoneRequestSchema, body: { phoneNumber: '0912345678' } },
    response: { schema: accountExistsResponseSchema, sample: envelope({ exists: false, message: 'Số điện thoại có thể sử dụng.' }, { exists: false }), reads: ['exists', 'message', 'data.exists'] },
  },
  {
    call: 'GET /Customer/me',
    response: { schema: customerProfileResponseSchema, sample: envelope({ ...profile, customerId: '7' }), reads: ['data.customerId', 'data.fullName', 'data.email', 'data.phoneNumber', 'data.avatarUrl'] },
  },
];

function without(sample: Record<string, unknown>, path: string): Record<string, unknown> {
  const copy = structuredClone(sample);
  const keys = path.split('.');
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  delete node[keys[keys.length - 1]!];
  return copy;
}

describe.each(calls)('the original client’s $call', ({ request, response }) => {
  if (request) {
    it('sends a body our request schema accepts', () => {
      expect(request.schema.safeParse(request.body).error).toBeUndefined();
    });
  }

  it('reads fields our response schema requires', () => {
    expect(response.schema.safeParse(response.sample).error).toBeUndefined();
    for (const field of response.reads) {
      expect({ field, parses: response.schema.safeParse(without(response.sample, field)).success }).toEqual({ field, parses: false });
    }
  });
});

describe('the original client’s check-phone', () => {
  it('may send the number as phone as well as phoneNumber, in any Vietnamese spelling', () => {
    expect(checkPhoneRequestSchema.safeParse({ phone: '+84 912 345 678' }).success).toBe(true);
    expect(checkPhoneRequestSchema.safeParse({ phoneNumber: '12345' }).success).toBe(false);
  });
});
