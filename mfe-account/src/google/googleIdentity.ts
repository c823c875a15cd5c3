/** The Google Identity Services script (spec §7): up to 20 tries, 1 s apart, and a 20 s overall timeout. */
export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
export const GOOGLE_SCRIPT_TRIES = 20;
export const GOOGLE_SCRIPT_INTERVAL_MS = 1000;
export const GOOGLE_SCRIPT_TIMEOUT_MS = 20_000;
/** Spec §7: the Google button is 280 wide. */
export const GOOGLE_BUTTON_WIDTH = 280;

const SCRIPT_ID = 'google-identity-services';

export interface GoogleCredentialResponse {
  credential: string;
}

/** The part of `google.accounts.id` this remote uses. */
export interface GoogleAccountsId {
  initialize(config: { client_id: string; callback: (response: GoogleCredentialResponse) => void; ux_mode?: 'popup' | 'redirect'; auto_select?: boolean }): void;
  renderButton(
    parent: HTMLElement,
    options: { type?: 'standard' | 'icon'; theme?: string; size?: string; text?: string; shape?: string; width?: number; locale?: string; logo_alignment?: string },
  ): void;
}

type GoogleWindow = Window & { google?: { accounts?: { id?: GoogleAccountsId } } };

function loadedApi(): GoogleAccountsId | null {
  return (window as GoogleWindow).google?.accounts?.id ?? null;
}

/** Adds the script tag unless one is there and has not failed. */
function injectScript(): void {
  const existing = document.getElementById(SCRIPT_ID) as HTMLScriptElement | null;
  if (existing && existing.dataset.failed !== 'true') return;
  existing?.remove();
  const script = document.createElement('script');
  script.id = SCRIPT_ID;
  script.src = GOOGLE_SCRIPT_URL;
  script.async = true;
  script.defer = true;
  // a failed download is tried again at the next attempt
  script.onerror = () => {
    script.dataset.failed = 'true';
  };
  document.head.appendChild(script);
}

let loading: Promise<GoogleAccountsId> | null = null;

/**
 * Loads the script once per page and resolves with `google.accounts.id`. Checks right away, then every
 * second, 20 tries in all (the tag is put back after a failed download); rejects after the last try or
 * after 20 s, whichever comes first. A rejected load is started afresh by the next call.
 */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const ready = loadedApi();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    let tries = 0;
    let interval: ReturnType<typeof setInterval> | undefined;
    const finish = (error: Error | null, api?: GoogleAccountsId) => {
      clearInterval(interval);
      clearTimeout(timeout);
      if (error) {
        loading = null;
        reject(error);
      } else resolve(api!);
    };
    const attempt = () => {
      tries += 1;
      const api = loadedApi();
      if (api) return finish(null, api);
      if (tries >= GOOGLE_SCRIPT_TRIES) return finish(new Error(`Google Identity Services not loaded after ${GOOGLE_SCRIPT_TRIES} tries`));
      injectScript();
    };
    const timeout = setTimeout(() => finish(new Error(`Google Identity Services not loaded within ${GOOGLE_SCRIPT_TIMEOUT_MS} ms`)), GOOGLE_SCRIPT_TIMEOUT_MS);
    attempt();
    if (tries < GOOGLE_SCRIPT_TRIES && !loadedApi()) interval = setInterval(attempt, GOOGLE_SCRIPT_INTERVAL_MS);
  });
  return loading;
}

/** Tests only: forget a load in progress. */
export function resetGoogleIdentityLoader(): void {
  loading = null;
  document.getElementById(SCRIPT_ID)?.remove();
}
