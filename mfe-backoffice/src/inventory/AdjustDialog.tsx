import { useId, useState, type FormEvent } from 'react';
import type { InventoryChange, InventoryItem } from 'shared-contracts/schemas';
import { ModalDialog } from '../components/ModalDialog';
import { fieldErrorsOf, isConflict, messageOf } from '../api/apiErrors';
import { inventoryApi } from './inventoryApi';
import { ADJUST_REASON_MAX, ADJUST_REASON_MIN, parseWhole, STOCK_FIGURE_MAX } from './inventoryRules';
import { inventoryText } from './inventoryText';
import { SubmitButtons } from './ProductLines';
import styles from '../components/StockPanels.module.css';

const t = inventoryText.adjust;
const n = inventoryText.count;

type Errors = Partial<Record<'newOnHand' | 'reason', string>>;

interface Props {
  centreId: number | undefined;
  item: InventoryItem;
  onClose: () => void;
  onAdjusted: (change: InventoryChange | null, message: string) => void;
  /** A 409 (the stock moved meanwhile): the page reloads its figures. */
  onConflict?: () => void;
}

/**
 * M2: a stock-take of one product. The manager enters the COUNTED quantity (as the API defines it, not a
 * difference; the difference is shown as they type) and a reason of 5..300 characters; never below what is
 * reserved for parts requests, never the same figure.
 */
export function AdjustDialog({ centreId, item, onClose, onAdjusted, onConflict }: Props) {
  const id = useId();
  const [counted, setCounted] = useState(String(item.onHand));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const value = parseWhole(counted, 0, STOCK_FIGURE_MAX);
  const delta = value === null ? null : value - item.onHand;

  const validate = (): Errors => {
    const found: Errors = {};
    if (value === null) found.newOnHand = t.countedInvalid;
    else if (value < item.reserved) found.newOnHand = t.belowReserved(item.reserved);
    else if (value === item.onHand) found.newOnHand = t.noChange;
    if (reason.trim().length < ADJUST_REASON_MIN) found.reason = t.reasonRequired;
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFailure(null);
      document.getElementById(found.newOnHand ? `${id}-counted` : `${id}-reason`)?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const outcome = await inventoryApi.adjust({ centreId, productId: item.productId, newOnHand: value!, reason: reason.trim() });
      onAdjusted(outcome.data, outcome.message ?? t.done);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors({ newOnHand: fields.newOnHand, reason: fields.reason });
      const conflict = isConflict(error) && onConflict !== undefined;
      setFailure(conflict ? `${messageOf(error, inventoryText.actionFailed)} ${inventoryText.stockPage.conflict}` : messageOf(error, inventoryText.actionFailed));
      if (conflict) onConflict();
      setBusy(false);
    }
  };

  const describe = (field: keyof Errors, hint: string) => `${hint}${errors[field] ? ` ${id}-${field}-error` : ''}`;

  return (
    <ModalDialog title={t.title(item.name)} description={item.sku} onClose={onClose}>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <div role="alert">{failure && <p className={styles.alert}>{failure}</p>}</div>
        <dl className={styles.facts}>
          <dt>{t.current}</dt>
          <dd>{n(item.onHand)}</dd>
          <dt>{t.reserved}</dt>
          <dd>{n(item.reserved)}</dd>
        </dl>
        <div className={styles.field}>
          <label htmlFor={`${id}-counted`}>{t.counted}</label>
          <input
            id={`${id}-counted`}
            className={`${styles.input} ${styles.narrow}`}
            inputMode="numeric"
            autoComplete="off"
            value={counted}
            onChange={(event) => setCounted(event.target.value)}
            aria-invalid={errors.newOnHand ? true : undefined}
            aria-describedby={describe('newOnHand', `${id}-counted-hint ${id}-delta`)}
          />
          <p id={`${id}-counted-hint`} className={styles.hint}>
            {t.countedHint(item.reserved)}
          </p>
          <p id={`${id}-delta`} className={`${styles.hint} ${delta !== null && delta > 0 ? styles.positive : delta !== null && delta < 0 ? styles.negative : ''}`} aria-live="polite">
            {delta !== null && delta !== 0 ? t.delta(delta) : ''}
          </p>
          {errors.newOnHand && (
            <p id={`${id}-newOnHand-error`} className={styles.fieldError}>
              {errors.newOnHand}
            </p>
          )}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-reason`}>{t.reason}</label>
          <textarea
            id={`${id}-reason`}
            className={styles.textarea}
            maxLength={ADJUST_REASON_MAX}
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={describe('reason', `${id}-reason-hint`)}
          />
          <p id={`${id}-reason-hint`} className={styles.hint}>
            {t.reasonHint}
          </p>
          {errors.reason && (
            <p id={`${id}-reason-error`} className={styles.fieldError}>
              {errors.reason}
            </p>
          )}
        </div>
        <SubmitButtons busy={busy} submit={t.submit} submitting={t.submitting} cancel={t.cancel} onCancel={onClose} />
      </form>
    </ModalDialog>
  );
}
