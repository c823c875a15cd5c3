import { useEffect, useState } from 'react';
import { sessionStore, type Role } from 'shared-contracts';

/** The signed-in user's role (the one session of the page), or null for a guest. */
export const currentRole = (): Role | null => sessionStore.current?.user.role ?? null;

/** The signed-in user's role, following logins and logouts (the server checks every call; this only chooses what to offer). */
export function useSessionRole(): Role | null {
  const [role, setRole] = useState<Role | null>(currentRole);
  useEffect(() => {
    const subscription = sessionStore.changes().subscribe((session) => setRole(session?.user.role ?? null));
    return () => subscription.unsubscribe();
  }, []);
  return role;
}
