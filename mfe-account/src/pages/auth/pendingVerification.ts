import { safeRedirectTarget } from 'shared-contracts';

/** An account waiting for its emailed code: kept for this tab, so a reload (back from the mail app) keeps the code step. */
export interface PendingVerification {
  userId: string;
  email: string;
  redirect: string;
}

const KEY = 'evshop.pendingVerification';

export function readPendingVerification(): PendingVerification | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { userId, email, redirect } = value as Record<string, unknown>;
    if (typeof userId !== 'string' || typeof email !== 'string') return null;
    return { userId, email, redirect: safeRedirectTarget(redirect) };
  } catch {
    return null;
  }
}

export function savePendingVerification(pending: PendingVerification): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // storage refused (private mode, full): the step still works until a reload
  }
}

export function clearPendingVerification(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
