import { BehaviorSubject, type Observable } from 'rxjs';
import { normalizeUser } from '../user/normalizeUser';
import type { User } from '../user/user';

/** Browser storage keys of spec §3. */
export const STORAGE_KEYS = {
  token: 'authToken',
  legacyToken: 'token',
  refreshToken: 'refreshToken',
  user: 'user',
  /** session storage: the login toast was shown in this browser session */
  loginToastShown: 'loginToastShown',
  /**
   * the storefront's chosen vehicle ("Xe của bạn", issue 66): `{ modelId, year, label, vehicleId, userId }`; a
   * customer's saved vehicle counts for that customer only
   */
  chosenVehicle: 'chosenVehicle',
} as const;

export interface Session {
  token: string;
  refreshToken: string | null;
  user: User;
}

function localStore(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function removeStored(storage: Storage): void {
  storage.removeItem(STORAGE_KEYS.token);
  storage.removeItem(STORAGE_KEYS.legacyToken);
  storage.removeItem(STORAGE_KEYS.refreshToken);
  storage.removeItem(STORAGE_KEYS.user);
}

/**
 * The spec's re-sync rule: a session exists when both a token (authToken or token) and a parseable
 * user are stored. Otherwise whatever is stored is removed and the visitor is a guest.
 */
export function readStoredSession(storage: Storage | null = localStore()): Session | null {
  if (!storage) return null;
  const token = storage.getItem(STORAGE_KEYS.token) ?? storage.getItem(STORAGE_KEYS.legacyToken);
  const rawUser = storage.getItem(STORAGE_KEYS.user);
  let user: User | null = null;
  if (rawUser !== null) {
    try {
      user = normalizeUser(JSON.parse(rawUser));
    } catch {
      user = null;
    }
  }
  if (token && user) return { token, refreshToken: storage.getItem(STORAGE_KEYS.refreshToken), user };
  if (token !== null || rawUser !== null || storage.getItem(STORAGE_KEYS.refreshToken) !== null) removeStored(storage);
  return null;
}

function writeStoredSession(session: Session, storage: Storage): void {
  storage.setItem(STORAGE_KEYS.token, session.token);
  storage.removeItem(STORAGE_KEYS.legacyToken);
  if (session.refreshToken) storage.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
  else storage.removeItem(STORAGE_KEYS.refreshToken);
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
}

/** The one session of the page: storage-backed, observable, shared by the shell and every remote. */
export class SessionStore {
  private readonly subject: BehaviorSubject<Session | null>;

  constructor(private readonly storage: Storage | null = localStore()) {
    this.subject = new BehaviorSubject<Session | null>(readStoredSession(storage));
  }

  get current(): Session | null {
    return this.subject.value;
  }

  get token(): string | null {
    return this.subject.value?.token ?? null;
  }

  changes(): Observable<Session | null> {
    return this.subject.asObservable();
  }

  save(session: Session): void {
    if (this.storage) writeStoredSession(session, this.storage);
    this.subject.next(session);
  }

  updateUser(user: User): void {
    const current = this.subject.value;
    if (!current) return;
    this.save({ ...current, user });
  }

  clear(): void {
    if (this.storage) removeStored(this.storage);
    this.subject.next(null);
  }

  /**
   * The tokens as storage has them now (another tab may have refreshed them): when the stored pair differs
   * from the one in memory, the stored session replaces it. Without storage, the session in memory.
   */
  syncTokensFromStorage(): Session | null {
    if (!this.storage) return this.subject.value;
    const stored = readStoredSession(this.storage);
    const current = this.subject.value;
    if (stored?.token !== current?.token || stored?.refreshToken !== current?.refreshToken) this.subject.next(stored);
    return this.subject.value;
  }

  /** Re-reads storage (another tab, or a value edited by hand). */
  resync(): Session | null {
    const session = readStoredSession(this.storage);
    this.subject.next(session);
    return session;
  }
}

const GLOBAL_KEY = '__evShopSession__';
type SessionHolder = { [GLOBAL_KEY]?: SessionStore };

function sharedSession(): SessionStore {
  const holder = globalThis as unknown as SessionHolder;
  holder[GLOBAL_KEY] ??= new SessionStore();
  return holder[GLOBAL_KEY];
}

export const sessionStore: SessionStore = sharedSession();
