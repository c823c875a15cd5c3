import { ApiError, apiClient, ensureSucceeded, envelopeData, messages, normalizeUser, parseLoginResponse, responseMessage, type Gender, type LoginResult, type User } from 'shared-contracts';
import { isRecord } from './apiErrors';

/**
 * mfe-account's calls to the API (spec §7 and the accounts contract). Every function unwraps the envelope
 * `{ success, message, data }` and throws the API client's ApiError (Vietnamese message, status, field errors).
 */

export interface LoginPayload {
  /** an email address, or (as emailOrPhone) a Vietnamese mobile number */
  email?: string;
  emailOrPhone?: string;
  password: string;
}

export interface RegisterPayload {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
  phoneNumber: string;
  /** YYYY-MM-DD; optional: the profile can ask later. */
  dateOfBirth?: string;
  gender?: Gender;
  address?: string;
}

export interface RegisterResult {
  userId: string;
  email: string;
}

export interface ProfileUpdate {
  fullName: string;
  phoneNumber: string | null;
  address: string | null;
  dateOfBirth: string | null;
  gender: Gender | null;
}

export interface ChangePasswordPayload {
  currentPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

export interface ResetPasswordPayload {
  email: string;
  otpCode: string;
  newPassword: string;
  confirmPassword: string;
}

export interface AuthConfig {
  /** the Google OAuth client id; null when the server has no Google sign-in configured */
  googleClientId: string | null;
}

function badResponse(): ApiError {
  return new ApiError(messages.errors.badResponse, 200, 'BAD_RESPONSE');
}

function readLogin(body: unknown): LoginResult {
  ensureSucceeded(body);
  const result = parseLoginResponse(body);
  if (!result) throw badResponse();
  return result;
}

function readUser(body: unknown): User {
  ensureSucceeded(body);
  const user = normalizeUser(envelopeData(body));
  if (!user) throw badResponse();
  return user;
}

/** POST /auth/login → tokens and the user. */
export async function login(payload: LoginPayload): Promise<LoginResult> {
  return readLogin(await apiClient.post<unknown>('/auth/login', payload));
}

/** POST /auth/login-google {token: the Google ID token (credential)}. */
export async function loginWithGoogle(credential: string): Promise<LoginResult> {
  return readLogin(await apiClient.post<unknown>('/auth/login-google', { token: credential }));
}

/**
 * POST /auth/google/exchange {code}: the one-time code the server's Google redirect flow gave the login page
 * → tokens and the user. Sends this site's cookies: the code only works with the browser's binding cookie.
 */
export async function exchangeGoogleCode(code: string): Promise<LoginResult> {
  return readLogin(await apiClient.post<unknown>('/auth/google/exchange', { code }, { sameOriginCookies: true }));
}

/** POST /auth/register → the new account's id and email (its email is not verified yet). */
export async function register(payload: RegisterPayload): Promise<RegisterResult> {
  const body = await apiClient.post<unknown>('/auth/register', payload);
  ensureSucceeded(body);
  const data = envelopeData(body);
  const raw = isRecord(data) ? (data.userId ?? data.id) : undefined;
  if (typeof raw !== 'string' && typeof raw !== 'number') throw badResponse();
  return { userId: String(raw), email: isRecord(data) && typeof data.email === 'string' ? data.email : payload.email };
}

/** GET /Auth/profile → the current user with the profile fields. */
export async function getProfile(): Promise<User> {
  return readUser(await apiClient.get<unknown>('/Auth/profile'));
}

/** PUT /Auth/profile → the updated profile. */
export async function updateProfile(update: ProfileUpdate): Promise<User> {
  return readUser(await apiClient.put<unknown>('/Auth/profile', update));
}

/** POST /Auth/upload-avatar, multipart, the file under both `file` and `avatar` → the updated profile. */
export async function uploadAvatar(file: File): Promise<User> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('avatar', file, file.name);
  return readUser(await apiClient.upload<unknown>('/Auth/upload-avatar', form));
}

/**
 * POST /Auth/change-password. Resolves with a new token pair when the server sends one (it may revoke
 * the other sessions and issue a new pair for this one), else null.
 */
export async function changePassword(payload: ChangePasswordPayload): Promise<LoginResult | null> {
  const body = await apiClient.post<unknown>('/Auth/change-password', payload);
  ensureSucceeded(body);
  return parseLoginResponse(body);
}

/** POST /auth/reset-password/request {email}. Resolves with the server's message, if any. */
export async function requestPasswordReset(email: string): Promise<string | null> {
  const body = await apiClient.post<unknown>('/auth/reset-password/request', { email });
  ensureSucceeded(body);
  return responseMessage(body);
}

/** POST /auth/reset-password/confirm {email, otpCode, newPassword, confirmPassword}. */
export async function confirmPasswordReset(payload: ResetPasswordPayload): Promise<string | null> {
  const body = await apiClient.post<unknown>('/auth/reset-password/confirm', payload);
  ensureSucceeded(body);
  return responseMessage(body);
}

let configRequest: Promise<AuthConfig> | null = null;

/**
 * GET /auth/config → `{ googleClientId }` (asked once per page; a failed answer is asked again next time).
 * Any answer without a non-empty string googleClientId means "no Google sign-in".
 */
export function getAuthConfig(): Promise<AuthConfig> {
  configRequest ??= apiClient
    .get<unknown>('/auth/config')
    .then((body) => {
      const data = envelopeData(body);
      const id = isRecord(data) ? data.googleClientId : undefined;
      return { googleClientId: typeof id === 'string' && id.trim() !== '' ? id.trim() : null };
    })
    .catch((error: unknown) => {
      configRequest = null;
      throw error;
    });
  return configRequest;
}

/** Tests only: forget the cached config answer. */
export function resetAuthConfigCache(): void {
  configRequest = null;
}
