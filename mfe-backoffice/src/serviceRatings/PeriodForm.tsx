import { useId, useState, type FormEvent } from 'react';
import type { ServiceCentre } from 'shared-contracts/schemas';
import { serviceRatingsText as t } from './serviceRatingsText';
import type { RatingScope } from './serviceRatingsApi';
import styles from './ServiceRatings.module.css';

interface Props {
  applied: RatingScope;
  onApply: (scope: RatingScope) => void;
  /** An admin's centres ("Tất cả trung tâm" first); none for a manager, who sees their own. */
  centres?: readonly ServiceCentre[] | null;
  label: string;
  /** The fields' and button's words, where another range sits on the same page (the reports' own "Từ ngày"). */
  words?: { from: string; to: string; apply: string };
}

/** The period (local dates, both inclusive) and, for an admin, the centre; "Xem" applies them. */
export function PeriodForm({ applied, onApply, centres, label, words = { from: t.from, to: t.to, apply: t.apply } }: Props) {
  const ids = { from: useId(), to: useId(), centre: useId(), error: useId() };
  const [from, setFrom] = useState(applied.from);
  const [to, setTo] = useState(applied.to);
  const [centre, setCentre] = useState(applied.centreId === undefined ? '' : String(applied.centreId));
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to) {
      setError(t.missingDate);
      return;
    }
    setError(null);
    onApply({ from, to, centreId: centres && centre ? Number(centre) : undefined });
  };
  return (
    <form className={styles.filters} onSubmit={submit} aria-label={label} noValidate>
      <div className={styles.field}>
        <label htmlFor={ids.from} className={styles.fieldLabel}>
          {words.from}
        </label>
        <input id={ids.from} className={styles.input} type="date" value={from} onChange={(event) => setFrom(event.target.value)} aria-describedby={error ? ids.error : undefined} />
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.to} className={styles.fieldLabel}>
          {words.to}
        </label>
        <input id={ids.to} className={styles.input} type="date" value={to} onChange={(event) => setTo(event.target.value)} aria-describedby={error ? ids.error : undefined} />
      </div>
      {centres !== undefined && (
        <div className={styles.field}>
          <label htmlFor={ids.centre} className={styles.fieldLabel}>
            {t.centre}
          </label>
          <select id={ids.centre} className={styles.select} value={centre} onChange={(event) => setCentre(event.target.value)}>
            <option value="">{t.allCentres}</option>
            {(centres ?? []).map((entry) => (
              <option key={entry.id} value={String(entry.id)}>
                {entry.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <button type="submit" className={styles.primary}>
        {words.apply}
      </button>
      {error && (
        <p id={ids.error} className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
