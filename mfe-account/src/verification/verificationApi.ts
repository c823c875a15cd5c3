import { ApiError, apiClient, eventBus, normalizeUser, sessionStore, type User } from 'shared-contracts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The `message` field of a response body (top level, else inside `data`). */
export function responseMessage(body: unknown): string | null {
  if (!isRecord(body)) return null;
  return nonEmptyString(body.message) ?? (isRecord(body.data) ? nonEmptyString(body.data.message) : null);
}

/**
 * The text to show for a failed call: the server's message when the response has one, else the
 * screen's own fallback. A call that never reached the server (network down, timeout) says so with
 * the API client's Vietnamese message instead of a misleading fallback such as "wrong code".
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    // status 0: no response at all (the client keeps the thrown error in `body`, not a server answer)
    if (error.status === 0) return error.code === 'NETWORK' || error.code === 'TIMEOUT' ? error.message : fallback;
    const fromServer = responseMessage(error.body);
    if (fromServer) return fromServer;
  }
  return fallback;
}

/** A 2xx answer that still says `success: false` is a failure too. */
function ensureSucceeded(body: unknown): void {
  if (isRecord(body) && body.success === false) {
    throw new ApiError(responseMessage(body) ?? '', 200, 'UNSUCCESSFUL', [], body);
  }
}

/** POST /auth/resend-verification {email}. Resolves with the response's message, if any. */
export async function resendVerification(email: string): Promise<string | null> {
  const body = await apiClient.post<unknown>('/auth/resend-verification', { email });
  ensureSucceeded(body);
  return responseMessage(body);
}

/** POST /auth/verify-email {userId, otpCode}. */
export async function verifyEmail(userId: string, otpCode: string): Promise<void> {
  const body = await apiClient.post<unknown>('/auth/verify-email', { userId, otpCode });
  ensureSucceeded(body);
}

function publishUser(user: User): void {
  sessionStore.updateUser(user);
  eventBus.publish('auth/user-updated', { user });
}

/**
 * Refreshes the current user after a verification (GET /Auth/profile), stores it and tells every
 * package on the bus. If the profile cannot be read, the stored user is still marked verified when
 * `markVerified` is set: the server has just confirmed the code, so the banner must not stay.
 */
export async function refreshCurrentUser({ markVerified = false }: { markVerified?: boolean } = {}): Promise<User | null> {
  if (!sessionStore.current) return null;
  try {
    const body = await apiClient.get<unknown>('/Auth/profile');
    const user = normalizeUser(isRecord(body) && 'data' in body ? body.data : body);
    if (user && sessionStore.current) {
      publishUser(user);
      return user;
    }
  } catch (error) {
    // a 401 is handled by the shell's unauthorized hook; anything else keeps the stored user
    console.warn('[mfe-account] profile refresh after email verification failed', error);
  }
  const current = sessionStore.current;
  if (markVerified && current && !current.user.emailVerified) {
    const user: User = { ...current.user, emailVerified: true };
    publishUser(user);
    return user;
  }
  return null;
}
