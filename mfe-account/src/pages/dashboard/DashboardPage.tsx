import { Link } from 'react-router-dom';
import { PageIntro } from '../../components/PageIntro';
import { vi } from '../../i18n/vi';
import styles from './DashboardPage.module.css';

/** The customer's dashboard (login-guarded by the shell). */
export function DashboardPage() {
  const t = vi.dashboard;
  return (
    <>
      <PageIntro title={t.title} description={t.description} />
      <nav aria-label={t.linksLabel}>
        <ul className={styles.links}>
          {t.links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={styles.link}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

export default DashboardPage;
