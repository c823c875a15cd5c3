import { useEffect, useRef, useState } from 'react';
import { defaultApiBase } from 'shared-contracts';
import { getAuthConfig } from '../api/accountApi';
import { vi } from '../i18n/vi';
import { GOOGLE_BUTTON_WIDTH, loadGoogleIdentity } from './googleIdentity';
import styles from './GoogleSignIn.module.css';

interface Props {
  /** where to go after signing in (already made safe) */
  redirect: string;
  /** the Google ID token (credential) of the account the visitor chose */
  onCredential: (credential: string) => void;
}

type State = 'loading' | 'ready' | 'fallback';

/** The browser redirect to the server's Google sign-in (spec §7): /api/auth/google?redirect=… */
export function googleFallbackUrl(redirect: string): string {
  return `${defaultApiBase()}/auth/google?redirect=${encodeURIComponent(redirect)}`;
}

/**
 * "Sign in with Google": the server's client id (GET /api/auth/config), then Google's own 280-wide button.
 * Without a client id, or when Google's script cannot be loaded (20 tries, 20 s; logged), a plain button
 * leads to the server's redirect flow instead.
 */
export function GoogleSignIn({ redirect, onCredential }: Props) {
  const [state, setState] = useState<State>('loading');
  const buttonRef = useRef<HTMLDivElement>(null);
  const onCredentialRef = useRef(onCredential);
  onCredentialRef.current = onCredential;

  useEffect(() => {
    let active = true;
    const fallBack = () => {
      if (active) setState('fallback');
    };
    getAuthConfig()
      .then(async ({ googleClientId }) => {
        if (!googleClientId) return fallBack();
        let google;
        try {
          google = await loadGoogleIdentity();
        } catch (error) {
          console.error('[mfe-account] Google Sign-In script could not be loaded; showing the fallback button.', error);
          return fallBack();
        }
        if (!active || !buttonRef.current) return;
        google.initialize({ client_id: googleClientId, callback: ({ credential }) => onCredentialRef.current(credential), ux_mode: 'popup' });
        google.renderButton(buttonRef.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'pill',
          logo_alignment: 'left',
          width: GOOGLE_BUTTON_WIDTH,
          locale: 'vi',
        });
        setState('ready');
      })
      .catch(fallBack);
    return () => {
      active = false;
    };
  }, []);

  return (
    <div className={styles.google}>
      {/* Google renders its button here; kept in the page so it can, hidden until then */}
      <div ref={buttonRef} className={styles.slot} hidden={state !== 'ready'} data-testid="google-button" />
      {state === 'loading' && (
        <p className={styles.loading} role="status">
          {vi.loginForm.googleLoading}
        </p>
      )}
      {state === 'fallback' && (
        <a className={styles.fallback} href={googleFallbackUrl(redirect)} style={{ width: GOOGLE_BUTTON_WIDTH }}>
          <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
            <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
            <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
            <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z" />
            <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
          </svg>
          {vi.loginForm.google}
        </a>
      )}
    </div>
  );
}
