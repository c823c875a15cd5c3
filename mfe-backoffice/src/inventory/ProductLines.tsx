import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError, errorDataOf } from 'shared-contracts';
import type { ProductOption } from './inventoryApi';
import { parseWhole } from './inventoryRules';
import { ProductPicker } from './ProductPicker';
import styles from '../components/StockPanels.module.css';

/** One line of a multi-product form (receiving, a stock transfer): a product and a typed quantity. */
export interface ProductLineDraft {
  key: number;
  product: ProductOption | null;
  quantity: string;
}

export type ProductLineErrors = Record<number, { product?: string; quantity?: string }>;

/** The words a lines editor shows; each form brings its own. */
export interface ProductLinesText {
  line: (n: number) => string;
  product: string;
  quantity: string;
  quantityHint: string;
  addLine: string;
  remove: string;
  removeLine: (n: number) => string;
  linesFull: string;
  productRequired: string;
  duplicate: string;
  quantityInvalid: string;
}

let nextKey = 1;
export const productLine = (product: ProductOption | null = null, quantity = ''): ProductLineDraft => ({ key: nextKey++, product, quantity });

/** The lines' problems before sending, by line key: a product chosen once, a whole quantity 1..quantityMax. */
export function productLineErrors(lines: ProductLineDraft[], text: ProductLinesText, quantityMax: number): ProductLineErrors {
  const errors: ProductLineErrors = {};
  const seen = new Set<number>();
  for (const line of lines) {
    const found: { product?: string; quantity?: string } = {};
    if (!line.product) found.product = text.productRequired;
    else if (seen.has(line.product.productId)) found.product = text.duplicate;
    if (line.product) seen.add(line.product.productId);
    if (parseWhole(line.quantity, 1, quantityMax) === null) found.quantity = text.quantityInvalid;
    if (found.product || found.quantity) errors[line.key] = found;
  }
  return errors;
}

/** A 422's field errors 'lines.<i>.<field>' by line key; a 409/422 about one product (data.productId) on its line. */
export function serverProductLineErrors(error: unknown, lines: ProductLineDraft[]): ProductLineErrors {
  const errors: ProductLineErrors = {};
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

/** The lines and their errors; editing a line clears its errors. */
export function useProductLines(initial: () => ProductLineDraft[]) {
  const [lines, setLines] = useState<ProductLineDraft[]>(initial);
  const [errors, setErrors] = useState<ProductLineErrors>({});
  const update = (key: number, change: Partial<ProductLineDraft>) => {
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));
    setErrors((current) => {
      if (!current[key]) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  };
  return { lines, setLines, errors, setErrors, update };
}

interface EditorProps {
  /** The form's useId(): the ids of the pickers and quantity fields. */
  id: string;
  text: ProductLinesText;
  linesMax: number;
  /** Whose stock the picker shows (undefined: the caller's own centre). */
  pickerCentre: number | undefined;
  lines: ProductLineDraft[];
  errors: ProductLineErrors;
  setLines: (change: (current: ProductLineDraft[]) => ProductLineDraft[]) => void;
  update: (key: number, change: Partial<ProductLineDraft>) => void;
  /** More fields of a line after its quantity (a goods receipt's unit cost). */
  lineExtra?: (line: ProductLineDraft, index: number) => ReactNode;
}

/** The numbered lines (product picker, quantity, remove) and "Thêm dòng"; an added line's product search takes the focus. */
export function ProductLinesEditor({ id, text: t, linesMax, pickerCentre, lines, errors, setLines, update, lineExtra }: EditorProps) {
  const added = useRef<number | null>(null);

  useEffect(() => {
    if (added.current === null) return;
    document.getElementById(`${id}-product-${added.current}`)?.focus();
    added.current = null;
  }, [lines.length, id]);

  return (
    <>
      <ol className={styles.lines}>
        {lines.map((line, index) => {
          const lineErrors = errors[line.key];
          const qtyId = `${id}-qty-${line.key}`;
          const lineName = t.line(index + 1);
          return (
            <li key={line.key}>
              <fieldset className={`${styles.line} ${lineErrors ? styles.lineInvalid : ''}`} data-line-invalid={lineErrors ? true : undefined}>
                <legend className={styles.legend}>{lineName}</legend>
                <ProductPicker
                  id={`${id}-product-${line.key}`}
                  label={`${t.product} (${lineName.toLowerCase()})`}
                  value={line.product}
                  centreId={pickerCentre}
                  error={lineErrors?.product ?? null}
                  onChange={(product) => update(line.key, { product })}
                />
                <div className={styles.field}>
                  <label htmlFor={qtyId}>{`${t.quantity} (${lineName.toLowerCase()})`}</label>
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
                {lineExtra?.(line, index)}
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
        <button
          type="button"
          className={styles.secondary}
          disabled={lines.length >= linesMax}
          onClick={() => {
            const line = productLine();
            added.current = line.key;
            setLines((current) => [...current, line]);
          }}
        >
          {t.addLine}
        </button>
        {lines.length >= linesMax && <p className={styles.hint}>{t.linesFull}</p>}
      </div>
    </>
  );
}

interface ButtonsProps {
  busy: boolean;
  submit: string;
  submitting: string;
  cancel: string;
  onCancel: () => void;
}

/** A dialog form's send and close buttons; the send button is off while the request runs. */
export function SubmitButtons({ busy, submit, submitting, cancel, onCancel }: ButtonsProps) {
  return (
    <div className={styles.buttons}>
      <button type="submit" className={styles.action} disabled={busy}>
        {busy ? submitting : submit}
      </button>
      <button type="button" className={styles.secondary} onClick={onCancel}>
        {cancel}
      </button>
    </div>
  );
}

/** After a refused submit: the first invalid field (or an invalid line's picker) takes the focus. */
export const focusFirstInvalid = (form: HTMLFormElement | null) =>
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-line-invalid] button')?.focus());

interface NoteProps {
  id: string;
  label: string;
  max: number;
  value: string;
  onChange: (value: string) => void;
}

/** The optional note under the lines. */
export function NoteField({ id, label, max, value, onChange }: NoteProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} className={styles.textarea} maxLength={max} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
