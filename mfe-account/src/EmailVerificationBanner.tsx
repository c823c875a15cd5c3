import { useEffect, useRef, useState } from 'react';
import { eventBus, messages } from 'shared-contracts';
import { vi } from './i18n/vi';
import { useSession } from './session/useSession';
import { EmailVerificationModal } from './verification/EmailVerificationModal';
import { failureMessage, resendVerification } from './verification/verificationApi';
import styles from './EmailVerificationBanner.module.css';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * The banner under the header for a logged-in user whose email is not verified (spec §2): resend the
 * verification email, or open the modal to enter the 6-digit code. Renders nothing for anyone else.
 */
export function EmailVerificationBanner() {
  const t = messages.verification;
  const session = useSession();
  const user = session?.user ?? null;

  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const [notice, setNotice] = useState<Notice>(null);
  // the email the open modal is about; null while it is closed
  const [modalEmail, setModalEmail] = useState<string | null>(null);

  // any package may ask for the modal (e.g. right after registration)
  useEffect(() => {
    const subscription = eventBus.on('auth/verify-email-requested').subscribe(({ email }) => setModalEmail(email));
    return () => subscription.unsubscribe();
  }, []);

  if (!user || user.emailVerified) return null;

  const onResend = async () => {
    if (!user.email || sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    setNotice(null);
    try {
      const serverMessage = await resendVerification(user.email);
      setNotice({ tone: 'success', text: serverMessage ?? t.resendEmailSuccess });
    } catch (error) {
      setNotice({ tone: 'error', text: failureMessage(error, t.resendEmailFailure) });
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  return (
    <section className={styles.banner} aria-label={vi.verification.bannerLabel} data-testid="email-verification-banner">
      <div className={styles.inner}>
        <span className={styles.icon} aria-hidden="true">
          !
        </span>
        <div className={styles.body}>
          <p className={styles.text}>{t.bannerText}</p>
          {notice && (
            <p className={notice.tone === 'error' ? styles.error : styles.info} role={notice.tone === 'error' ? 'alert' : 'status'}>
              {notice.text}
            </p>
          )}
        </div>
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={onResend} disabled={sending || !user.email}>
            {sending ? t.sending : t.resendEmail}
          </button>
          <button type="button" className={styles.primary} onClick={() => setModalEmail(user.email)}>
            {t.verifyEmail}
          </button>
        </div>
      </div>
      {modalEmail !== null && <EmailVerificationModal email={modalEmail || null} onClose={() => setModalEmail(null)} />}
    </section>
  );
}

export default EmailVerificationBanner;
