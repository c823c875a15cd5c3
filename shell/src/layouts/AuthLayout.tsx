import { Link, Outlet } from 'react-router-dom';
import { messages } from 'shared-contracts';
import { Footer } from '../footer/Footer';
import styles from './Layout.module.css';

/** /auth/*: a quiet page around the form, the logo leading home. */
export function AuthLayout() {
  return (
    <div className={`${styles.page} ${styles.authPage}`}>
      <header className={styles.authHeader}>
        <Link to="/" className={styles.authLogo}>
          {messages.brand.name}
        </Link>
        <span className={styles.authTagline}>{messages.brand.tagline}</span>
      </header>
      <main className={styles.authMain} id="main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
