import { vi } from '../i18n/vi';
import { formatRating } from './ratingFormat';
import { Stars } from './Stars';
import styles from './CardRating.module.css';

interface Props {
  average: number | null;
  count: number;
}

/**
 * A product card's rating line: stars, the average ("4,5") and the count ("(12)"). Without reviews the line stays
 * empty but keeps its height, so cards with and without reviews line up and nothing moves.
 */
export function CardRating({ average, count }: Props) {
  const rated = count > 0 && average !== null;
  return (
    <p className={styles.rating} data-testid="card-rating">
      {rated && (
        <>
          <Stars value={average} />
          <span className={styles.average} aria-hidden="true">
            {formatRating(average)}
          </span>
          <span className={styles.count}>
            <span aria-hidden="true">{vi.rating.count(count)}</span>
            <span className={styles.visuallyHidden}>{vi.rating.countLabel(count)}</span>
          </span>
        </>
      )}
    </p>
  );
}
