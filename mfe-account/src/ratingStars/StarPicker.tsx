import { useId } from 'react';
import { ratingStarsText as t, starWord } from './ratingStarsText';
import styles from './RatingStars.module.css';

const LEVELS = [1, 2, 3, 4, 5] as const;

interface StarPickerProps {
  legend: string;
  value: number | null;
  onChange: (stars: number) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * 1–5 stars as a radio group ("1 sao"…"5 sao"): arrow keys move between them, each star a 44 px target, and the
 * chosen level's word (Rất tệ…Tuyệt vời) beside them.
 */
export function StarPicker({ legend, value, onChange, error, disabled }: StarPickerProps) {
  const name = useId();
  const wordId = useId();
  const errorId = useId();
  return (
    <fieldset
      role="radiogroup"
      className={styles.picker}
      aria-invalid={error ? true : undefined}
      aria-describedby={[wordId, error ? errorId : ''].filter(Boolean).join(' ')}
    >
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.row}>
        {LEVELS.map((level) => (
          <label key={level} className={styles.star} data-lit={value !== null && level <= value ? 'true' : undefined}>
            <input
              type="radio"
              name={name}
              value={level}
              checked={value === level}
              disabled={disabled}
              onChange={() => onChange(level)}
              className={styles.radio}
            />
            <span aria-hidden="true">★</span>
            <span className={styles.visuallyHidden}>{t.star(level)}</span>
          </label>
        ))}
        <span id={wordId} className={styles.word}>
          {starWord(value)}
        </span>
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
