import { useEffect, useState } from 'react';
import { sessionStore, type Session } from 'shared-contracts';

/** The current session, re-rendering on login, logout and profile updates. */
export function useSession(): Session | null {
  const [session, setSession] = useState<Session | null>(sessionStore.current);
  useEffect(() => {
    const subscription = sessionStore.changes().subscribe(setSession);
    return () => subscription.unsubscribe();
  }, []);
  return session;
}
