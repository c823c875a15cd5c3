import { Outlet } from 'react-router-dom';
import { Footer } from '../footer/Footer';
import { Header } from '../header/Header';
import { RemoteSlot } from '../remote-area/RemoteSlot';
import styles from './Layout.module.css';

/** Header, the email-verification banner (from mfe-account), the page, the footer. */
export function PublicLayout() {
  return (
    <div className={styles.page}>
      <Header />
      <RemoteSlot remote="mfe_account" exposed="./EmailVerificationBanner" />
      <main className={styles.main} id="main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
