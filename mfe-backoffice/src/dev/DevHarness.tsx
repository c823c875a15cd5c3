import { NavLink, Route, Routes } from 'react-router-dom';
import { messages } from 'shared-contracts';
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

/** Runs this remote alone in development (the shell is not involved): links to every page and their routes. */
export default function DevHarness() {
  return (
    <div className={styles.harness}>
      <nav className={styles.bar} aria-label={vi.dev.pagesLabel}>
        <span className={styles.name}>{vi.dev.harnessLabel}</span>
        {/* an item's page (a path with :id) is reached from its list, not linked here */}
        {pages.filter((page) => !page.path.includes(':')).map((page) => (
          <NavLink key={page.path} to={page.path} end className={styles.link}>
            {page.title}
          </NavLink>
        ))}
      </nav>
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
