import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { messages, OTP_LENGTH, sanitizeOtp } from 'shared-contracts';
import { vi } from '../i18n/vi';
import { useSession } from '../session/useSession';
import { failureMessage, refreshCurrentUser, resendVerification, verifyEmail } from './verificationApi';
import styles from './EmailVerificationModal.module.css';

/** Spec §9: the success view closes itself after 1.5 s. */
export const SUCCESS_AUTO_CLOSE_MS = 1500;

type View = 'verify' | 'success';
type Notice = { tone: 'success' | 'error'; text: string } | null;

interface Props {
  /** the address the code was sent to; without it there is no resend */
  email: string | null;
  onClose: () => void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The email-verification modal (spec §2, §4, §5, §8): a 6-digit code sent to `email`, verify → success.
 * Success closes itself after 1.5 s, then the current user is refreshed. Closes on the overlay, the close
 * button or Escape; focus stays inside while open and returns where it was afterwards.
 */
export function EmailVerificationModal({ email, onClose }: Props) {
  const t = messages.verification;
  const session = useSession();
  const userId = session?.user.id ?? null;

  const [view, setView] = useState<View>('verify');
  const [code, setCode] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const busy = verifying || resending;
  // guards against a second request started before React re-renders the disabled button
  const busyRef = useRef(false);

  const titleId = useId();
  const descriptionId = useId();
  const inputId = useId();
  const noticeId = useId();
  const successId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // the refresh after a successful verification runs once, whichever way the modal goes away
  const verifiedRef = useRef(false);
  const refreshedRef = useRef(false);
  const refreshOnce = () => {
    if (!verifiedRef.current || refreshedRef.current) return;
    refreshedRef.current = true;
    void refreshCurrentUser({ markVerified: true });
  };
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const close = () => {
    onCloseRef.current();
    refreshOnce();
  };
  const closeRef = useRef(close);
  closeRef.current = close;

  // focus: into the dialog on open, back where it was on close; the page behind does not scroll
  const mountedRef = useRef(false);
  useEffect(() => {
    mountedRef.current = true;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      mountedRef.current = false;
      document.body.style.overflow = overflow;
      if (previous && previous.isConnected) previous.focus();
      // unmounted by its owner while showing success: the user must still be refreshed
      refreshOnce();
    };
  }, []);

  useEffect(() => {
    if (view === 'verify') inputRef.current?.focus();
    else dialogRef.current?.focus();
  }, [view]);

  // Escape closes; Tab cycles inside the dialog
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeRef.current();
        return;
      }
      if (event.key !== 'Tab' || !dialogRef.current) return;
      const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        dialogRef.current.focus();
        return;
      }
      const active = document.activeElement;
      const inside = active instanceof Node && dialogRef.current.contains(active);
      if (event.shiftKey && (active === first || !inside || active === dialogRef.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // success closes itself after 1.5 s, then the current user is refreshed
  useEffect(() => {
    if (view !== 'success') return;
    const timer = setTimeout(() => closeRef.current(), SUCCESS_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [view]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code || busyRef.current) return;
    if (!userId) {
      setNotice({ tone: 'error', text: vi.verification.loginRequired });
      return;
    }
    busyRef.current = true;
    setVerifying(true);
    setNotice(null);
    try {
      await verifyEmail(userId, code);
      verifiedRef.current = true;
      // closed while the request ran: nothing to show, but the user is verified now
      if (!mountedRef.current) refreshOnce();
      else setView('success');
    } catch (error) {
      setNotice({ tone: 'error', text: failureMessage(error, t.otpVerifyFailure) });
      inputRef.current?.focus();
    } finally {
      busyRef.current = false;
      setVerifying(false);
    }
  };

  const onResend = async () => {
    if (!email || busyRef.current) return;
    busyRef.current = true;
    setResending(true);
    setNotice(null);
    try {
      await resendVerification(email);
      setNotice({ tone: 'success', text: t.otpResendSuccess });
    } catch (error) {
      setNotice({ tone: 'error', text: failureMessage(error, t.otpResendFailure) });
    } finally {
      busyRef.current = false;
      setResending(false);
    }
  };

  // a click on the overlay closes; a drag that merely ends there (e.g. selecting text) does not
  const pressedOnOverlay = useRef(false);
  const onOverlayMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressedOnOverlay.current = event.target === event.currentTarget;
  };
  const onOverlayClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget && pressedOnOverlay.current) close();
    pressedOnOverlay.current = false;
  };

  return createPortal(
    <div className={styles.overlay} role="presentation" onMouseDown={onOverlayMouseDown} onClick={onOverlayClick} data-testid="email-verification-overlay">
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={view === 'success' ? successId : email ? descriptionId : undefined}
        tabIndex={-1}
      >
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {t.modalTitle}
          </h2>
          <button type="button" className={styles.close} onClick={close} aria-label={t.close}>
            <span aria-hidden="true">×</span>
          </button>
        </div>

        {view === 'verify' ? (
          <form className={styles.form} onSubmit={onSubmit} noValidate>
            {email && (
              <p id={descriptionId} className={styles.sentTo}>
                {t.codeSentTo(email)}
              </p>
            )}
            <label htmlFor={inputId} className={styles.label}>
              {t.codeLabel}
            </label>
            <input
              ref={inputRef}
              id={inputId}
              name="otpCode"
              className={styles.code}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              placeholder={'•'.repeat(OTP_LENGTH)}
              value={code}
              onChange={(event) => setCode(sanitizeOtp(event.target.value))}
              aria-invalid={notice?.tone === 'error' ? true : undefined}
              aria-describedby={notice ? noticeId : undefined}
            />
            {notice && (
              <p
                id={noticeId}
                className={notice.tone === 'error' ? styles.error : styles.info}
                role={notice.tone === 'error' ? 'alert' : 'status'}
              >
                {notice.text}
              </p>
            )}
            <div className={styles.actions}>
              {email && (
                <button type="button" className={styles.secondary} onClick={onResend} disabled={busy}>
                  {resending ? t.sending : t.resendCode}
                </button>
              )}
              <button type="submit" className={styles.primary} disabled={!code || busy}>
                {verifying ? vi.verification.verifying : t.verify}
              </button>
            </div>
          </form>
        ) : (
          <div className={styles.success}>
            <span className={styles.check} aria-hidden="true">
              ✓
            </span>
            <p id={successId} role="status" className={styles.successText}>
              {t.verifySuccess}
            </p>
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}

export default EmailVerificationModal;
