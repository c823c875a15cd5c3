import { PageIntro } from '../../components/PageIntro';
import { vi } from '../../i18n/vi';
import styles from './AboutPage.module.css';

/** About the shop, with the storefront build version (useful when reporting a problem). */
export function AboutPage() {
  return (
    <>
      <PageIntro title={vi.about.title} description={vi.about.description} />
      <p className={styles.version}>{vi.about.version(__APP_VERSION__)}</p>
    </>
  );
}

export default AboutPage;
