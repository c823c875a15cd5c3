import { NavLink, Route, Routes } from 'react-router-dom';
import { messages } from 'shared-contracts';
import { EmailVerificationBanner } from '../EmailVerificationBanner';
import { vi } from '../i18n/vi';
import { pages } from '../routes';
import styles from './DevHarness.module.css';

function NotFound() {
  return (
    <section className={styles.notFound}>
      <h1>{messages.notFound.title}</h1>
      <p>{messages.notFound.description}</p>
    </section>
  );
}

/**
 * Runs this remote alone in development (the shell is not involved): links to every page, the
 * verification banner (it shows when the stored session's user is not verified) and the page routes.
 * There is no login guard here: the shell owns it.
 */
export default function DevHarness() {
  return (
    <div className={styles.harness}>
      <nav className={styles.bar} aria-label={vi.dev.pagesLabel}>
        <span className={styles.name}>{vi.dev.harnessLabel}</span>
        {pages.map((page) => (
          <NavLink key={page.path} to={page.path.replace(/:code\b/g, 'EV2611220001').replace(/:id\b/g, '1')} end className={styles.link}>
            {page.title}
          </NavLink>
        ))}
      </nav>
      <EmailVerificationBanner />
      <main className={styles.main}>
        <Routes>
          {pages.map(({ path, Component }) => (
            <Route key={path} path={path} element={<Component />} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </main>
    </div>
  );
}
