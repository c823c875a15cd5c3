import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { refreshCurrentUser, startAuthEffects } from '../auth/authEffects';
import { ToastHost } from '../toast/ToastHost';

/** Everything around the routes: toasts, the auth reactions, the current-user fetch on start. */
export function AppRoot() {
  const location = useLocation();

  useEffect(() => {
    const stop = startAuthEffects();
    void refreshCurrentUser();
    return stop;
  }, []);

  useEffect(() => {
    if (!location.hash) window.scrollTo(0, 0);
  }, [location.pathname, location.hash]);

  return (
    <>
      <Outlet />
      <ToastHost />
    </>
  );
}
