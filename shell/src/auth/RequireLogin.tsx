import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { loginRedirectPath } from 'shared-contracts';
import { useSession } from './useSession';

/** The login guard of /dashboard, /my-vehicles, /maintenance-history: no token → /auth/login?redirect=… */
export function RequireLogin({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session?.token) return <Navigate to={loginRedirectPath(`${location.pathname}${location.search}`)} replace />;
  return <>{children}</>;
}
