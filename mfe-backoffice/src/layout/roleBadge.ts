import { useEffect, useState } from 'react';
import { sessionStore, type Role } from 'shared-contracts';

/** The badge of each role signed in to the back office (the names the shell's work bar gives the areas). */
export const ROLE_BADGES: Record<Role, string> = {
  customer: 'Khách hàng',
  staff: 'Nhân viên',
  technician: 'Kỹ thuật viên',
  manager: 'Quản lý',
  admin: 'Quản trị viên',
};

/** The signed-in user's role, following logins and logouts; null for nobody. */
export function useSignedInRole(): Role | null {
  const [role, setRole] = useState<Role | null>(() => sessionStore.current?.user.role ?? null);
  useEffect(() => {
    const subscription = sessionStore.changes().subscribe((session) => setRole(session?.user.role ?? null));
    return () => subscription.unsubscribe();
  }, []);
  return role;
}
