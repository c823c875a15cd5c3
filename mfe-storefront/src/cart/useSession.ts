import { useEffect, useState } from 'react';
import { sessionStore, type Session } from 'shared-contracts';

/** The page's one session (shared with the shell): re-renders on login, logout and user updates. */
export function useSession(): Session | null {
  const [session, setSession] = useState<Session | null>(() => sessionStore.current);
  useEffect(() => {
    const subscription = sessionStore.changes().subscribe(setSession);
    return () => subscription.unsubscribe();
  }, []);
  return session;
}
