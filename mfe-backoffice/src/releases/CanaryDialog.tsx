import { useId, useState, type FormEvent } from 'react';
import { ModalDialog } from '../components/ModalDialog';
import { releasesText } from './releasesText';
import styles from './Releases.module.css';

const t = releasesText.canaryForm;

interface Props {
  buildId: string;
  /** The share to start from: the canary's own when this build is it, else 10 %. */
  initialPercent: number;
  busy: boolean;
  /** Sends the canary; the dialog closes once it answers. */
  onStart: (percent: number) => Promise<void>;
  onClose: () => void;
}

/** A whole number 1–99 typed, else null. */
function percentOf(typed: string): number | null {
  const value = typed.trim();
  if (!/^\d{1,2}$/.test(value)) return null;
  const percent = Number(value);
  return percent >= 1 && percent <= 99 ? percent : null;
}

/** "Thử nghiệm": the share of browsers (1–99 %) that get this build; Enter in the field starts it. */
export function CanaryDialog({ buildId, initialPercent, busy, onStart, onClose }: Props) {
  const id = useId();
  const [typed, setTyped] = useState(String(initialPercent));
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const percent = percentOf(typed);
    setInvalid(percent === null);
    if (percent !== null) void onStart(percent);
  };

  return (
    <ModalDialog title={t.title(buildId)} onClose={onClose}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-percent`} className={styles.fieldLabel}>
            {t.percent}
          </label>
          <input
            id={`${id}-percent`}
            className={styles.percentInput}
            type="number"
            inputMode="numeric"
            min={1}
            max={99}
            step={1}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-hint ${id}-error` : `${id}-hint`}
          />
          <p id={`${id}-hint`} className={styles.hint}>
            {t.hint}
          </p>
          {invalid && (
            <p id={`${id}-error`} className={styles.fieldError}>
              {t.invalid}
            </p>
          )}
        </div>
        <div className={styles.buttons}>
          <button type="submit" className={styles.primary} disabled={busy}>
            {busy ? releasesText.busy : t.submit}
          </button>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {releasesText.cancel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
