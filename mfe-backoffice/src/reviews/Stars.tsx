import styles from './Reviews.module.css';

/** 1–5 stars as ★★★★☆, read out as "4/5 sao". */
export function Stars({ value, label }: { value: number; label: string }) {
  return (
    <span className={styles.stars} role="img" aria-label={label}>
      {'★'.repeat(value)}
      {'☆'.repeat(Math.max(0, 5 - value))}
    </span>
  );
}
