import { Link } from 'react-router-dom';
import buttons from '../../components/buttons.module.css';
import { vi } from '../../i18n/vi';
import styles from './HomePage.module.css';

/** Home: what the shop offers and where to go next. */
export function HomePage() {
  const t = vi.home;
  return (
    <div className={styles.home}>
      <section className={styles.hero}>
        <h1 className={styles.title}>{t.title}</h1>
        <p className={styles.lead}>{t.description}</p>
        <div className={styles.actions}>
          <Link to="/booking" className={buttons.primary}>
            {t.bookCta}
          </Link>
          <Link to="/services" className={buttons.secondary}>
            {t.servicesCta}
          </Link>
          <Link to="/products" className={buttons.secondary}>
            {t.productsCta}
          </Link>
        </div>
      </section>
      <nav aria-label={t.quickLinksLabel}>
        <ul className={styles.quickLinks}>
          {t.quickLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={styles.quickLink}>
                <span className={styles.quickLabel}>{link.label}</span>
                <span className={styles.quickText}>{link.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

export default HomePage;
