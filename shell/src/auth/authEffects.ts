import {
  apiClient,
  envelopeData,
  eventBus,
  messages,
  normalizeUser,
  sessionStore,
  STORAGE_KEYS,
  type EventBus,
  type SessionStore,
} from 'shared-contracts';

function sessionFlags(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Logs out: clears the session, forgets the login toast, tells every remote, says 'Đã đăng xuất'. */
export function logout(bus: EventBus = eventBus, store: SessionStore = sessionStore): void {
  const refreshToken = store.current?.refreshToken;
  if (store.current) {
    // Revoke the refresh token on the server; the local logout does not wait for it.
    apiClient.post('/auth/logout', refreshToken ? { refreshToken } : {}).catch(() => undefined);
  }
  store.clear();
  sessionFlags()?.removeItem(STORAGE_KEYS.loginToastShown);
  bus.publish('auth/logout', { reason: 'user' });
  bus.publish('toast/show', { type: 'success', message: messages.auth.loggedOut });
}

/** Fetches the current user and updates the stored one (spec §4: on start and on load). */
export async function refreshCurrentUser(store: SessionStore = sessionStore, bus: EventBus = eventBus): Promise<void> {
  if (!store.current) return;
  try {
    const user = normalizeUser(envelopeData(await apiClient.get('/Auth/profile')));
    if (user && store.current) {
      store.updateUser(user);
      bus.publish('auth/user-updated', { user });
    }
  } catch (error) {
    // 401 is handled by the unauthorized hook; anything else keeps the stored user.
    console.warn(`[shell] ${messages.auth.currentUserFailed}`, error);
  }
}

/**
 * The shell's reactions to the bus: the login toast once per browser session, logout on an unauthorized
 * answer, session re-sync when another tab changes storage. Returns a function that stops them.
 */
export function startAuthEffects(bus: EventBus = eventBus, store: SessionStore = sessionStore): () => void {
  const subscriptions = [
    bus.on('auth/login').subscribe(({ user, token }) => {
      if (store.token !== token) store.save({ token, refreshToken: store.current?.refreshToken ?? null, user });
      const flags = sessionFlags();
      if (flags?.getItem(STORAGE_KEYS.loginToastShown)) return;
      flags?.setItem(STORAGE_KEYS.loginToastShown, '1');
      bus.publish('toast/show', { type: 'success', message: messages.auth.welcome(user.fullName || user.email), duration: 3000 });
    }),
    bus.on('auth/user-updated').subscribe(({ user }) => {
      if (store.current && store.current.user !== user) store.updateUser(user);
    }),
    bus.on('auth/unauthorized').subscribe(() => {
      if (!store.current) return;
      store.clear();
      sessionFlags()?.removeItem(STORAGE_KEYS.loginToastShown);
      bus.publish('auth/logout', { reason: 'unauthorized' });
      bus.publish('toast/show', { type: 'warning', message: messages.auth.sessionExpired });
    }),
  ];
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never)) store.resync();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    subscriptions.forEach((subscription) => subscription.unsubscribe());
    window.removeEventListener('storage', onStorage);
  };
}
