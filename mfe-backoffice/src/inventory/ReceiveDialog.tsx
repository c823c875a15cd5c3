import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, errorDataOf } from 'shared-contracts';
import type { InventoryChange } from 'shared-contracts/schemas';
import { ModalDialog } from '../components/ModalDialog';
import { messageOf } from '../api/apiErrors';
import { inventoryApi, type ProductOption } from './inventoryApi';
import { parseWhole, RECEIVE_LINES_MAX, RECEIVE_NOTE_MAX, RECEIVE_QUANTITY_MAX } from './inventoryRules';
import { inventoryText } from './inventoryText';
import { ProductPicker } from './ProductPicker';
import styles from './Inventory.module.css';

const t = inventoryText.receive;

export interface ReceiveLineDraft {
  key: number;
  product: ProductOption | null;
  quantity: string;
}

type LineErrors = Record<number, { product?: string; quantity?: string }>;

let nextKey = 1;
export const receiveLine = (product: ProductOption | null = null, quantity = ''): ReceiveLineDraft => ({ key: nextKey++, product, quantity });

/** The lines' problems before sending, by line key (what the server would refuse with 422). */
export function receiveLineErrors(lines: ReceiveLineDraft[]): LineErrors {
  const errors: LineErrors = {};
  const seen = new Set<number>();
  for (const line of lines) {
    const found: { product?: string; quantity?: string } = {};
    if (!line.product) found.product = t.productRequired;
    else if (seen.has(line.product.productId)) found.product = t.duplicate;
    if (line.product) seen.add(line.product.productId);
    if (parseWhole(line.quantity, 1, RECEIVE_QUANTITY_MAX) === null) found.quantity = t.quantityInvalid;
    if (found.product || found.quantity) errors[line.key] = found;
  }
  return errors;
}

/** A 422's field errors 'lines.<i>.<field>' by line key; a 409/422 about one product (data.productId) on its line. */
function serverLineErrors(error: unknown, lines: ReceiveLineDraft[]): LineErrors {
  const errors: LineErrors = {};
  if (!(error instanceof ApiError)) return errors;
  for (const entry of error.errors) {
    const match = /^lines\.(\d+)\.(productId|quantity)$/.exec(entry.field);
    const line = match ? lines[Number(match[1])] : undefined;
    if (!match || !line) continue;
    const field = match[2] === 'productId' ? 'product' : 'quantity';
    errors[line.key] = { ...errors[line.key], [field]: entry.message };
  }
  const productId = errorDataOf(error)?.productId;
  const line = typeof productId === 'number' ? lines.find((candidate) => candidate.product?.productId === productId) : undefined;
  if (line) errors[line.key] = { ...errors[line.key], quantity: errors[line.key]?.quantity ?? error.message };
  return errors;
}

interface Props {
  centreId: number | undefined;
  centreName: string;
  /** Lines to start with (a low-stock row's 'Nhập kho'). */
  initial?: ReceiveLineDraft[];
  onClose: () => void;
  onReceived: (change: InventoryChange | null, message: string) => void;
}

/**
 * M2: receive from the online warehouse — several products in one submit (all or none), each product once,
 * 1..9 999 units a line, an optional note. The server's refusal (e.g. 409 INSUFFICIENT_WAREHOUSE_STOCK 'Kho online
 * chỉ còn 3 …') is shown as it says it, at the line it is about; nothing is received then.
 */
export function ReceiveDialog({ centreId, centreName, initial, onClose, onReceived }: Props) {
  const id = useId();
  const [lines, setLines] = useState<ReceiveLineDraft[]>(() => (initial && initial.length > 0 ? initial : [receiveLine()]));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<LineErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const added = useRef<number | null>(null);

  // a line added: its product search is what the user types next
  useEffect(() => {
    if (added.current === null) return;
    document.getElementById(`${id}-product-${added.current}`)?.focus();
    added.current = null;
  }, [lines.length, id]);

  const update = (key: number, change: Partial<ReceiveLineDraft>) => {
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));
    setErrors((current) => {
      if (!current[key]) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  };

  const focusFirstError = () =>
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-line-invalid] button')?.focus());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = receiveLineErrors(lines);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFailure(t.fixErrors);
      focusFirstError();
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      const outcome = await inventoryApi.receive({
        centreId,
        lines: lines.map((line) => ({ productId: line.product!.productId, quantity: parseWhole(line.quantity, 1, RECEIVE_QUANTITY_MAX)! })),
        note: note.trim() === '' ? null : note.trim(),
      });
      onReceived(outcome.data, outcome.message ?? t.done);
    } catch (error) {
      setErrors(serverLineErrors(error, lines));
      setFailure(messageOf(error, inventoryText.actionFailed));
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={t.title} description={t.description(centreName)} onClose={onClose}>
      <form ref={form} className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <div role="alert">{failure && <p className={styles.alert}>{failure}</p>}</div>
        <ol className={styles.lines}>
          {lines.map((line, index) => {
            const lineErrors = errors[line.key];
            const qtyId = `${id}-qty-${line.key}`;
            return (
              <li key={line.key}>
                <fieldset className={`${styles.line} ${lineErrors ? styles.lineInvalid : ''}`} data-line-invalid={lineErrors ? true : undefined}>
                  <legend className={styles.legend}>{t.line(index + 1)}</legend>
                  <ProductPicker
                    id={`${id}-product-${line.key}`}
                    label={`${t.product} (${t.line(index + 1).toLowerCase()})`}
                    value={line.product}
                    centreId={centreId}
                    error={lineErrors?.product ?? null}
                    onChange={(product) => update(line.key, { product })}
                  />
                  <div className={styles.field}>
                    <label htmlFor={qtyId}>{`${t.quantity} (${t.line(index + 1).toLowerCase()})`}</label>
                    <input
                      id={qtyId}
                      className={`${styles.input} ${styles.narrow}`}
                      inputMode="numeric"
                      autoComplete="off"
                      value={line.quantity}
                      onChange={(event) => update(line.key, { quantity: event.target.value })}
                      aria-invalid={lineErrors?.quantity ? true : undefined}
                      aria-describedby={`${qtyId}-hint${lineErrors?.quantity ? ` ${qtyId}-error` : ''}`}
                    />
                    <p id={`${qtyId}-hint`} className={styles.hint}>
                      {t.quantityHint}
                    </p>
                    {lineErrors?.quantity && (
                      <p id={`${qtyId}-error`} className={styles.fieldError}>
                        {lineErrors.quantity}
                      </p>
                    )}
                  </div>
                  {lines.length > 1 && (
                    <div className={styles.buttons}>
                      <button
                        type="button"
                        className={styles.danger}
                        aria-label={t.removeLine(index + 1)}
                        onClick={() => setLines((current) => current.filter((candidate) => candidate.key !== line.key))}
                      >
                        {t.remove}
                      </button>
                    </div>
                  )}
                </fieldset>
              </li>
            );
          })}
        </ol>
        <div className={styles.buttons}>
          <button type="button" className={styles.secondary} disabled={lines.length >= RECEIVE_LINES_MAX}
            onClick={() => {
              const line = receiveLine();
              added.current = line.key;
              setLines((current) => [...current, line]);
            }}
          >
            {t.addLine}
          </button>
          {lines.length >= RECEIVE_LINES_MAX && <p className={styles.hint}>{t.linesFull}</p>}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-note`}>{t.note}</label>
          <textarea id={`${id}-note`} className={styles.textarea} maxLength={RECEIVE_NOTE_MAX} value={note} onChange={(event) => setNote(event.target.value)} />
        </div>
        <div className={styles.buttons}>
          <button type="submit" className={styles.action} disabled={busy}>
            {busy ? t.submitting : t.submit}
          </button>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {t.cancel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
