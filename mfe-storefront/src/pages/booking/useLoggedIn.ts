import { useEffect, useState } from 'react';
import { sessionStore } from 'shared-contracts';

/** Whether a customer is logged in (the page's one session, shared with the shell), following login and logout. */
export function useLoggedIn(): boolean {
  const [loggedIn, setLoggedIn] = useState(() => sessionStore.token !== null);
  useEffect(() => {
    const subscription = sessionStore.changes().subscribe((session) => setLoggedIn(session !== null));
    return () => subscription.unsubscribe();
  }, []);
  return loggedIn;
}
