import { useLocation } from 'react-router-dom';

/** What one auth screen hands to the next through the history state (never the URL: no secrets there). */
export interface AuthScreenState {
  /** a confirmation to show at the top of the form */
  notice?: string;
  /** the address to fill in */
  email?: string;
}

export function useAuthScreenState(): AuthScreenState {
  const state = useLocation().state as unknown;
  if (typeof state !== 'object' || state === null) return {};
  const { notice, email } = state as Record<string, unknown>;
  return { notice: typeof notice === 'string' ? notice : undefined, email: typeof email === 'string' ? email : undefined };
}
