import { useId, useState, type FormEvent } from 'react';
import { vietnamDateOf } from 'shared-contracts/calendar';
import { PARTS_REASON_MAX, REASON_MIN_LENGTH } from 'shared-contracts/backoffice';
import type { FreePartLine, PartsProduct } from 'shared-contracts/schemas';
import { PartSearch } from '../partsRequests';
import { parseDisplayDate } from './displayDate';
import { partsDeskText } from './partsDeskText';
import styles from './PartsDesk.module.css';

const t = partsDeskText.free;
const back = partsDeskText.actions.back;
const busyText = partsDeskText.actions.busy;

/** What a free line's action answered: done (the form closes), or refused with messages by field. */
export type FreeLineOutcome = { done: true } | { done: false; fields: Record<string, string> };

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className={styles.fieldError}>
      {text}
    </p>
  ) : null;
}

interface LinkProps {
  line: FreePartLine;
  /** Changes when the floor changed: the search's availability is read again. */
  refreshKey: number;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (productId: number) => Promise<FreeLineOutcome>;
}

/** "Gắn sản phẩm": the technician's product search for the line's order (compatible first, availability shown), then link. */
export function LinkProductForm({ line, refreshKey, busy, onCancel, onSubmit }: LinkProps) {
  const [part, setPart] = useState<PartsProduct | null>(null);
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!part) {
      setError(t.productRequired);
      return;
    }
    setError(undefined);
    const outcome = await onSubmit(part.id);
    if (!outcome.done) setError(outcome.fields.productId);
  };

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-label={t.link}>
      <PartSearch
        orderId={line.serviceOrder.id}
        vehicleModel={line.serviceOrder.vehicleModel}
        selected={part}
        refreshKey={refreshKey}
        error={error ?? null}
        onSelect={(next) => {
          setPart(next);
          setError(undefined);
        }}
      />
      <div className={styles.buttons}>
        <button type="submit" className={styles.action} disabled={busy}>
          {busy ? busyText : t.linkSubmit}
        </button>
        <button type="button" className={styles.secondary} onClick={onCancel}>
          {back}
        </button>
      </div>
    </form>
  );
}

interface SpecialOrderProps {
  busy: boolean;
  onCancel: () => void;
  onSubmit: (supplierNote: string, expectedDate: string) => Promise<FreeLineOutcome>;
}

type SpecialOrderErrors = Partial<Record<'supplierNote' | 'expectedDate', string>>;

/** "Đặt hàng riêng": from which supplier (5..300 characters) and when it is expected (dd/MM/yyyy, not before today in Vietnam). */
export function SpecialOrderForm({ busy, onCancel, onSubmit }: SpecialOrderProps) {
  const id = useId();
  const [supplierNote, setSupplierNote] = useState('');
  const [dateText, setDateText] = useState('');
  const [errors, setErrors] = useState<SpecialOrderErrors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: SpecialOrderErrors = {};
    if (supplierNote.trim().length < REASON_MIN_LENGTH) found.supplierNote = t.supplierRequired;
    const expectedDate = parseDisplayDate(dateText);
    if (expectedDate === null) found.expectedDate = t.expectedDateInvalid;
    else if (expectedDate < vietnamDateOf(new Date())) found.expectedDate = t.expectedDatePast;
    setErrors(found);
    if (found.supplierNote || found.expectedDate) {
      document.getElementById(found.supplierNote ? `${id}-supplier` : `${id}-date`)?.focus();
      return;
    }
    const outcome = await onSubmit(supplierNote.trim(), expectedDate!);
    if (!outcome.done) setErrors({ supplierNote: outcome.fields.supplierNote, expectedDate: outcome.fields.expectedDate });
  };

  const describedBy = (field: keyof SpecialOrderErrors, hintId: string) => `${hintId}${errors[field] ? ` ${id}-${field}-error` : ''}`;

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-label={t.specialOrder}>
      <div className={styles.field}>
        <label htmlFor={`${id}-supplier`}>{t.supplierNote}</label>
        <textarea
          id={`${id}-supplier`}
          className={styles.textarea}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- opened by the user's click: what they type next is the supplier
          autoFocus
          maxLength={PARTS_REASON_MAX}
          value={supplierNote}
          onChange={(event) => setSupplierNote(event.target.value)}
          aria-invalid={errors.supplierNote ? true : undefined}
          aria-describedby={describedBy('supplierNote', `${id}-supplier-hint`)}
        />
        <p id={`${id}-supplier-hint`} className={styles.hint}>
          {t.supplierHint}
        </p>
        <FieldError id={`${id}-supplierNote-error`} text={errors.supplierNote} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-date`}>{t.expectedDate}</label>
        <input
          id={`${id}-date`}
          className={styles.input}
          inputMode="numeric"
          autoComplete="off"
          placeholder="dd/MM/yyyy"
          maxLength={10}
          value={dateText}
          onChange={(event) => setDateText(event.target.value)}
          aria-invalid={errors.expectedDate ? true : undefined}
          aria-describedby={describedBy('expectedDate', `${id}-date-hint`)}
        />
        <p id={`${id}-date-hint`} className={styles.hint}>
          {t.expectedDateHint}
        </p>
        <FieldError id={`${id}-expectedDate-error`} text={errors.expectedDate} />
      </div>
      <div className={styles.buttons}>
        <button type="submit" className={styles.action} disabled={busy}>
          {busy ? busyText : t.specialOrderSubmit}
        </button>
        <button type="button" className={styles.secondary} onClick={onCancel}>
          {back}
        </button>
      </div>
    </form>
  );
}
