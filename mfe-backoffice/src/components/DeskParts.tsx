import { REFUND_METHOD_LABELS, REFUND_METHODS, type RefundMethod } from 'shared-contracts/pricing';
import styles from './DeskPanels.module.css';

/** A desk's list while it loads, or its failure with "Thử lại". */
export function ListingState({ listing, loadingText, retryText, onRetry }: { listing: { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready' }; loadingText: string; retryText: string; onRetry: () => void }) {
  if (listing.status === 'loading') return <p>{loadingText}</p>;
  if (listing.status === 'ready') return null;
  return (
    <p role="alert" className={styles.error}>
      {listing.message}{' '}
      <button type="button" onClick={onRetry}>
        {retryText}
      </button>
    </p>
  );
}

/** A server's field error under its input; its id is what the input's aria-describedby names. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className={styles.error}>
      {message}
    </span>
  );
}

interface RefundProps {
  /** Before the fields' error ids: `${idPrefix}-amount-error`. */
  idPrefix: string;
  text: { refundAmount: string; refundMethod: string; refundReference: string };
  /** The server's field errors by name. */
  errors: Record<string, string | undefined>;
  /** The name the server gives the bank reference's error. */
  referenceField: string;
  amountRequired?: boolean;
  amount: string;
  onAmount: (value: string) => void;
  method: RefundMethod;
  onMethod: (value: RefundMethod) => void;
  reference: string;
  onReference: (value: string) => void;
}

/** A refund's amount (VND), method and bank reference, each with the server's error. */
export function RefundFields({ idPrefix, text, errors, referenceField, amountRequired = false, amount, onAmount, method, onMethod, reference, onReference }: RefundProps) {
  const errorId = (name: string) => `${idPrefix}-${name}-error`;
  return (
    <>
      <label>
        <span>{text.refundAmount}</span>
        <input inputMode="numeric" value={amount} onChange={(event) => onAmount(event.target.value)} required={amountRequired} aria-describedby={errors.amount ? errorId('amount') : undefined} />
        <FieldError id={errorId('amount')} message={errors.amount} />
      </label>
      <label>
        <span>{text.refundMethod}</span>
        <select value={method} onChange={(event) => onMethod(event.target.value as RefundMethod)}>
          {REFUND_METHODS.map((value) => (
            <option key={value} value={value}>
              {REFUND_METHOD_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{text.refundReference}</span>
        <input value={reference} onChange={(event) => onReference(event.target.value)} maxLength={100} aria-describedby={errors[referenceField] ? errorId(referenceField) : undefined} />
        <FieldError id={errorId(referenceField)} message={errors[referenceField]} />
      </label>
    </>
  );
}
