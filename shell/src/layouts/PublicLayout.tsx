import { Outlet } from 'react-router-dom';
import { useSession } from '../auth/useSession';
import { Footer } from '../footer/Footer';
import { Header } from '../header/Header';
import { RemoteSlot } from '../remote-area/RemoteSlot';
import styles from './Layout.module.css';

/** Header, the email-verification banner (from mfe-account) when needed, the page, the footer. */
export function PublicLayout() {
  const session = useSession();
  // The banner only ever shows for a logged-in user whose email is not verified: nobody else loads it.
  const needsVerification = Boolean(session && !session.user.emailVerified);
  return (
    <div className={styles.page}>
      <Header />
      {needsVerification && <RemoteSlot remote="mfe_account" exposed="./EmailVerificationBanner" />}
      <main className={styles.main} id="main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
