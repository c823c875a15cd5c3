import { ratingStarsText as t } from './ratingStarsText';
import styles from './RatingStars.module.css';

/** Stars given, read as "4/5 sao". */
export function Stars({ value }: { value: number }) {
  return (
    <span role="img" aria-label={t.shown(value)} className={styles.shown}>
      {'★'.repeat(value)}
      <span className={styles.unlit}>{'★'.repeat(Math.max(0, 5 - value))}</span>
    </span>
  );
}
