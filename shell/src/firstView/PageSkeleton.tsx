import { messages } from 'shared-contracts';
import styles from './PageSkeleton.module.css';

/**
 * A signed-in page's place in its first view: the intro's title and lead lines and the first blocks, as grey
 * shapes (the server knows neither the visitor nor the page's data). The app's page replaces it whole.
 */
export function PageSkeleton({ work = false }: { work?: boolean }) {
  return (
    <div className={work ? `${styles.skeleton} ${styles.work}` : styles.skeleton} role="status" aria-busy="true">
      <span className={styles.visuallyHidden}>{messages.remote.loading}</span>
      <div className={styles.intro}>
        <div className={styles.title} />
        <div className={styles.lead} />
      </div>
      <div className={styles.blocks}>
        <div className={styles.block} />
        <div className={styles.block} />
      </div>
    </div>
  );
}
