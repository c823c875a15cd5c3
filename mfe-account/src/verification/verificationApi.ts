import { apiClient, ensureSucceeded, envelopeData, eventBus, normalizeUser, responseMessage, sessionStore, type User } from 'shared-contracts';

export { failureMessage } from '../api/apiErrors';
export { responseMessage } from 'shared-contracts';

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
    const user = normalizeUser(envelopeData(body));
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
