import { z } from 'zod';
import { isCalendarDate } from '../calendar';
import { normalizeVietnamesePhone as normalizeVietnameseMobile, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../user/accountRules';
import { ROLES } from '../user/user';
import { profileDeliveryAddressInputSchema, profileDeliveryAddressSchema, profileWardChoiceSchema } from './addresses';
import { envelopeSchema } from './envelope';
import { idInput, textInput } from './primitives';

/**
 * Accounts: the request bodies the API validates and the response shapes the clients read (one source for
 * both). Field messages are Vietnamese and shown as is. Several fields accept the spec's alternative
 * spellings (phone / phoneNumber, avatar / avatarUrl / imageUrl, dob / dateOfBirth); responses always carry
 * the spec's names.
 */

export { isCalendarDate, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };
export const OTP_CODE_PATTERN = /^\d{6}$/;
/** Largest avatar upload, in bytes (2 MB). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export const roleSchema = z.enum(ROLES);
/** customer | staff | technician | manager | admin (the same union as `Role` of shared-contracts). */
export type AccountRole = z.infer<typeof roleSchema>;
export const genderSchema = z.enum(['MALE', 'FEMALE'], { error: 'Giới tính phải là MALE hoặc FEMALE.' });

// The one phone rule (user/accountRules.ts), under the name the API reads it by.
export { VIETNAMESE_MOBILE_PATTERN, normalizeVietnamesePhone as normalizeVietnameseMobile } from '../user/accountRules';

/** 'YYYY-MM-DD' that is a real calendar date. */

export const emailSchema = textInput({ error: 'Vui lòng nhập email.', trim: true })
  .toLowerCase()
  .max(254, 'Email quá dài.')
  .pipe(z.email({ error: 'Email không hợp lệ.' }));

// Passwords are multi-line text: never stored (only their hash), and one chosen before this rule may hold a tab.
export const passwordSchema = textInput({ error: 'Vui lòng nhập mật khẩu.', multiline: true })
  .min(PASSWORD_MIN_LENGTH, `Mật khẩu phải có ít nhất ${PASSWORD_MIN_LENGTH} ký tự.`)
  .max(PASSWORD_MAX_LENGTH, `Mật khẩu không được dài quá ${PASSWORD_MAX_LENGTH} ký tự.`);

export const fullNameSchema = textInput({ error: 'Vui lòng nhập họ và tên.', trim: true })
  .min(2, 'Họ và tên phải có ít nhất 2 ký tự.')
  .max(100, 'Họ và tên không được dài quá 100 ký tự.');

export const phoneNumberSchema = textInput({ error: 'Vui lòng nhập số điện thoại.' })
  .refine((value) => normalizeVietnameseMobile(value) !== null, 'Số điện thoại di động không hợp lệ (ví dụ 0912345678).');

export const dateOfBirthSchema = textInput({ error: 'Vui lòng nhập ngày sinh.', trim: true })
  .refine(isCalendarDate, 'Ngày sinh phải có dạng YYYY-MM-DD.')
  .refine((value) => value >= '1900-01-01', 'Ngày sinh không hợp lệ.');

export const addressSchema = textInput({ trim: true }).max(300, 'Địa chỉ không được dài quá 300 ký tự.');

export const otpCodeSchema = textInput({ error: 'Vui lòng nhập mã OTP.', trim: true })
  .regex(OTP_CODE_PATTERN, 'Mã OTP gồm 6 chữ số.');

/** A user id as the clients send it: the string of login responses, or a number (1..2,147,483,647). */
export const userIdInputSchema = idInput('Mã người dùng không hợp lệ.');

const genderInputSchema = textInput({ error: 'Giới tính phải là MALE hoặc FEMALE.', trim: true })
  .toUpperCase()
  .pipe(genderSchema);

// ---- Requests -------------------------------------------------------------------------------------------

/**
 * POST /auth/register. phone and dob are accepted for phoneNumber and dateOfBirth. The API checks that one
 * of each spelling is present, that the date is not in the future and that confirmPassword matches.
 */
export const registerRequestSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  password: passwordSchema,
  confirmPassword: textInput({ error: 'Vui lòng nhập lại mật khẩu.', multiline: true }),
  phoneNumber: phoneNumberSchema.optional(),
  phone: phoneNumberSchema.optional(),
  dateOfBirth: dateOfBirthSchema.optional(),
  dob: dateOfBirthSchema.optional(),
  /** Optional: a shop does not need it to sell; the profile can ask later. */
  gender: genderInputSchema.optional(),
  address: addressSchema.nullish(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** POST /auth/login: `email`, or `emailOrPhone` (an email or a Vietnamese mobile number). */
export const loginRequestSchema = z.object({
  email: textInput({ trim: true }).max(254, 'Email quá dài.').optional(),
  emailOrPhone: textInput({ trim: true }).max(254, 'Email hoặc số điện thoại quá dài.').optional(),
  // Any length is accepted here (an old password may not follow today's rules); the hash decides.
  password: textInput({ error: 'Vui lòng nhập mật khẩu.', multiline: true }).min(1, 'Vui lòng nhập mật khẩu.').max(1024, 'Mật khẩu quá dài.'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const refreshRequestSchema = z.object({
  refreshToken: textInput({ error: 'Thiếu refresh token.' }).min(1, 'Thiếu refresh token.').max(200, 'Refresh token không hợp lệ.'),
});
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

/** POST /auth/logout: the refresh token to revoke (optional: else the current session's). */
export const logoutRequestSchema = z
  .object({ refreshToken: textInput().max(200, 'Refresh token không hợp lệ.').optional() })
  .nullish();

/** PUT /Auth/profile: every field optional; both spellings accepted. Email and role cannot change here. */
export const updateProfileRequestSchema = z.object({
  fullName: fullNameSchema.optional(),
  phoneNumber: phoneNumberSchema.nullish(),
  phone: phoneNumberSchema.nullish(),
  address: addressSchema.nullish(),
  dateOfBirth: dateOfBirthSchema.nullish(),
  dob: dateOfBirthSchema.nullish(),
  gender: genderInputSchema.nullish(),
  avatar: textInput({ trim: true }).max(1000, 'Đường dẫn ảnh quá dài.').nullish(),
  avatarUrl: textInput({ trim: true }).max(1000, 'Đường dẫn ảnh quá dài.').nullish(),
  imageUrl: textInput({ trim: true }).max(1000, 'Đường dẫn ảnh quá dài.').nullish(),
  /** Whether to receive the maintenance-forecast reminder emails (spec predictive.md §4). */
  forecastEmails: z.boolean({ error: 'Lựa chọn nhận email dự đoán bảo dưỡng phải là true hoặc false.' }).optional(),
  /** The saved delivery address (province, coded ward, street); null clears it. */
  deliveryAddress: profileDeliveryAddressInputSchema.nullish(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: textInput({ error: 'Vui lòng nhập mật khẩu hiện tại.', multiline: true }).min(1, 'Vui lòng nhập mật khẩu hiện tại.').max(1024, 'Mật khẩu quá dài.'),
  newPassword: passwordSchema,
  confirmNewPassword: textInput({ error: 'Vui lòng nhập lại mật khẩu mới.', multiline: true }),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const emailOnlyRequestSchema = z.object({ email: emailSchema });
export type EmailOnlyRequest = z.infer<typeof emailOnlyRequestSchema>;

/** POST /auth/check-phone (the original client's register page, as the user types): `phoneNumber` or `phone`. */
export const checkPhoneRequestSchema = z.object({
  phoneNumber: phoneNumberSchema.optional(),
  phone: phoneNumberSchema.optional(),
});
export type CheckPhoneRequest = z.infer<typeof checkPhoneRequestSchema>;

export const resetPasswordConfirmRequestSchema = z.object({
  email: emailSchema,
  otpCode: otpCodeSchema,
  newPassword: passwordSchema,
  confirmPassword: textInput({ error: 'Vui lòng nhập lại mật khẩu mới.', multiline: true }),
});
export type ResetPasswordConfirmRequest = z.infer<typeof resetPasswordConfirmRequestSchema>;

export const verifyEmailRequestSchema = z.object({ userId: userIdInputSchema, otpCode: otpCodeSchema });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

export const googleLoginRequestSchema = z.object({
  token: textInput({ error: 'Thiếu mã đăng nhập Google.' }).min(1, 'Thiếu mã đăng nhập Google.').max(8192, 'Mã đăng nhập Google không hợp lệ.'),
});
export type GoogleLoginRequest = z.infer<typeof googleLoginRequestSchema>;

/**
 * POST /auth/google/exchange {code}: the one-time code the server's Google redirect flow hands the login page
 * (?googleCode=…), good once, for 2 minutes, in the browser that started the flow. Answers the session.
 */
export const googleCodeExchangeRequestSchema = z.object({
  code: textInput({ error: 'Thiếu mã đăng nhập Google.' }).min(1, 'Thiếu mã đăng nhập Google.').max(200, 'Mã đăng nhập Google không hợp lệ.'),
});
export type GoogleCodeExchangeRequest = z.infer<typeof googleCodeExchangeRequestSchema>;

// ---- Responses ------------------------------------------------------------------------------------------

/** login, refresh and login-google: the session. `token` is the same value as `accessToken`. */
export const authSessionSchema = z.object({
  accessToken: z.string().min(1),
  token: z.string().min(1),
  refreshToken: z.string().min(1),
  userId: z.string().min(1),
  fullName: z.string(),
  email: z.email(),
  role: roleSchema,
  emailVerified: z.boolean(),
  avatar: z.string().nullable(),
});
export type AuthSession = z.infer<typeof authSessionSchema>;
export const authSessionResponseSchema = envelopeSchema(authSessionSchema);

/** GET/PUT /Auth/profile and POST /Auth/upload-avatar. id and userId are the same string. */
export const profileSchema = z.object({
  id: z.string().min(1),
  userId: z.string().min(1),
  fullName: z.string(),
  email: z.email(),
  role: roleSchema,
  emailVerified: z.boolean(),
  avatar: z.string().nullable(),
  /** The same value as `avatar` (the original client reads `avatarUrl`). */
  avatarUrl: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  dateOfBirth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  gender: genderSchema.nullable(),
  /** true: the user receives the maintenance-forecast reminder emails (the default); false: opted out. */
  forecastEmails: z.boolean(),
  /** The saved delivery address (issue 65; GET/PUT /Auth/profile only), or null. */
  deliveryAddress: profileDeliveryAddressSchema.nullable().optional(),
  /** A district-era saved address whose ward was split: the wards to choose among (GET/PUT /Auth/profile only). */
  deliveryAddressChoice: profileWardChoiceSchema.nullable().optional(),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileResponseSchema = envelopeSchema(profileSchema);

/** GET /Customer/me: the signed-in customer's profile; `customerId` is the same string as `id`. */
export const customerProfileSchema = profileSchema.extend({ customerId: z.string().min(1) });
export type CustomerProfile = z.infer<typeof customerProfileSchema>;
export const customerProfileResponseSchema = envelopeSchema(customerProfileSchema);

/**
 * POST /auth/check-email and /auth/check-phone: whether an account already uses the address. `exists` and
 * `message` stand at the top level (what the original client reads) and inside `data`.
 */
export const accountExistsSchema = z.object({ exists: z.boolean(), message: z.string().min(1) });
export type AccountExists = z.infer<typeof accountExistsSchema>;
export const accountExistsResponseSchema = envelopeSchema(accountExistsSchema).extend({ exists: z.boolean() });
export type AccountExistsResponse = z.infer<typeof accountExistsResponseSchema>;

export const registerResultSchema = z.object({
  userId: z.string().min(1),
  email: z.email(),
  emailVerified: z.literal(false),
});
export type RegisterResult = z.infer<typeof registerResultSchema>;
export const registerResponseSchema = envelopeSchema(registerResultSchema);

/** resend-verification, reset-password/request and confirm, change-password, logout: `{ message }`. */
export const messageResultSchema = z.object({ message: z.string().min(1) });
export type MessageResult = z.infer<typeof messageResultSchema>;
export const messageResponseSchema = envelopeSchema(messageResultSchema);

export const verifyEmailResultSchema = z.object({
  userId: z.string().min(1),
  emailVerified: z.literal(true),
  message: z.string().min(1),
});
export type VerifyEmailResult = z.infer<typeof verifyEmailResultSchema>;
export const verifyEmailResponseSchema = envelopeSchema(verifyEmailResultSchema);
