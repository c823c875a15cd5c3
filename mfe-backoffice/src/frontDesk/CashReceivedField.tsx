import { useId } from 'react';
import { formatVnd } from 'shared-contracts';
import { frontDeskText } from './frontDeskText';
import styles from './FrontDesk.module.css';

const t = frontDeskText.cash;

/** What the typed amount is: nothing typed, not a number, short of the total, or enough (with the change). */
export type CashReceived =
  | { kind: 'empty' }
  | { kind: 'invalid'; message: string }
  | { kind: 'short'; amount: number; message: string }
  | { kind: 'enough'; amount: number; change: number };

/** Reads '500.000', '500000' or '500 000' as VND against the total. */
export function readCashReceived(text: string, total: number): CashReceived {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  if (!/^\d{1,3}([.\s]?\d{3})*$|^\d+$/.test(trimmed)) return { kind: 'invalid', message: t.notANumber };
  const amount = Number(trimmed.replace(/\D/g, ''));
  if (!Number.isSafeInteger(amount)) return { kind: 'invalid', message: t.notANumber };
  if (amount < total) return { kind: 'short', amount, message: t.tooLittle(formatVnd(total)) };
  return { kind: 'enough', amount, change: amount - total };
}

interface Props {
  total: number;
  value: string;
  onChange: (value: string) => void;
  /** Show the problem (after a confirm was tried); the change is shown as soon as the amount is enough. */
  showError: boolean;
}

/** The counter's "amount received" for a cash payment, with the change ("Tiền thừa") worked out as it is typed. */
export function CashReceivedField({ total, value, onChange, showError }: Props) {
  const id = useId();
  const read = readCashReceived(value, total);
  const error = showError && (read.kind === 'invalid' || read.kind === 'short') ? read.message : null;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{t.received}</label>
      <input
        id={id}
        className={styles.input}
        inputMode="numeric"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, `${id}-change`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        {t.receivedHint}
      </p>
      <p id={`${id}-change`} aria-live="polite" className={styles.hint}>
        {read.kind === 'enough' ? <strong>{t.change(formatVnd(read.change))}</strong> : null}
      </p>
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
