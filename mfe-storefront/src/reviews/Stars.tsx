import { vi } from '../i18n/vi';
import { formatRating } from './ratingFormat';
import styles from './Stars.module.css';

interface Props {
  /** 0..5, fractions filled in part */
  value: number;
  size?: 'small' | 'large';
}

/** Five stars filled up to `value`: one image for assistive technology ("Đánh giá 4,5 trên 5 sao"). */
export function Stars({ value, size = 'small' }: Props) {
  const filled = `${(Math.min(Math.max(value, 0), 5) / 5) * 100}%`;
  return (
    <span className={`${styles.stars} ${size === 'large' ? styles.large : ''}`} role="img" aria-label={vi.rating.stars(formatRating(value))}>
      <span aria-hidden="true">★★★★★</span>
      <span className={styles.filled} style={{ width: filled }} aria-hidden="true">
        ★★★★★
      </span>
    </span>
  );
}
