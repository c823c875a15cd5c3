import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ApiError, formatVnd } from 'shared-contracts';
import { fieldErrorsOf, isConflict, messageOf } from '../api/apiErrors';
import { inventoryApi } from './inventoryApi';
import {
  GOODS_RECEIPT_LINES_MAX,
  GOODS_RECEIPT_NOTE_MAX,
  GOODS_RECEIPT_QUANTITY_MAX,
  GOODS_RECEIPT_REFERENCE_MAX,
  GOODS_RECEIPT_SUPPLIER_MAX,
  GOODS_RECEIPT_UNIT_COST_MAX,
  parseVnd,
  parseWhole,
} from './inventoryRules';
import { inventoryText } from './inventoryText';
import { focusFirstInvalid, NoteField, ProductLinesEditor, productLine, productLineErrors, serverProductLineErrors, useProductLines, type ProductLineDraft } from './ProductLines';
import type { GoodsReceipt } from './stockTypes';
import styles from '../components/StockPanels.module.css';

const t = inventoryText.goodsReceipt;
const n = inventoryText.count;

type FieldErrors = Partial<Record<'supplier' | 'reference' | 'note', string>>;

/** A product row's 'Nhập hàng': the product the form should receive next. */
export interface ReceiptRequest {
  productId: number;
  name: string;
  sku: string;
  onHand: number;
  /** Rises with every request, so the same product asked twice is seen twice. */
  seq: number;
}

interface Props {
  centreId: number | undefined;
  locationName: string;
  /** A row's 'Nhập hàng' (null: none yet): the form adds or focuses the product's line. */
  request: ReceiptRequest | null;
  onReceived: (receipt: GoodsReceipt | null, message: string) => void;
  /** A 409: the stock changed meanwhile; the page reloads. */
  onConflict: () => void;
}

/** The server's 'lines.<i>.unitCost' messages by line key. */
function serverCostErrors(error: unknown, lines: ProductLineDraft[]): Record<number, string> {
  const found: Record<number, string> = {};
  if (!(error instanceof ApiError)) return found;
  for (const entry of error.errors) {
    const match = /^lines\.(\d+)\.unitCost$/.exec(entry.field);
    const line = match ? lines[Number(match[1])] : undefined;
    if (line) found[line.key] ??= entry.message;
  }
  return found;
}

/**
 * A goods receipt (issue 45 §1): goods from a supplier into the location shown — supplier, reference, note and
 * 1..200 lines of product, quantity and unit cost in VND, with the running total. Every line or none; the
 * server's refusals are shown at the field (or line) they are about. Keyboard: Enter in a product search takes
 * the first match, Enter in the last line's unit cost adds a line, Enter in the supplier or reference sends.
 */
export function GoodsReceiptForm({ centreId, locationName, request, onReceived, onConflict }: Props) {
  const id = useId();
  const { lines, setLines, errors, setErrors, update } = useProductLines(() => [productLine()]);
  const [costs, setCosts] = useState<Record<number, string>>({});
  const [costErrors, setCostErrors] = useState<Record<number, string>>({});
  const [supplier, setSupplier] = useState('');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const focusLine = useRef<{ key: number; field: 'product' | 'qty' } | null>(null);

  useEffect(() => {
    if (!focusLine.current) return;
    document.getElementById(`${id}-${focusLine.current.field}-${focusLine.current.key}`)?.focus();
    focusLine.current = null;
  });

  // a row's 'Nhập hàng': its line (an empty line takes it, else a new one), the quantity focused
  useEffect(() => {
    if (!request) return;
    const product = { productId: request.productId, name: request.name, detail: request.sku, onHand: request.onHand };
    setLines((current) => {
      const existing = current.find((line) => line.product?.productId === product.productId);
      if (existing) {
        focusLine.current = { key: existing.key, field: 'qty' };
        return current;
      }
      const empty = current.find((line) => line.product === null);
      if (empty) {
        focusLine.current = { key: empty.key, field: 'qty' };
        return current.map((line) => (line.key === empty.key ? { ...line, product } : line));
      }
      if (current.length >= GOODS_RECEIPT_LINES_MAX) return current;
      const line = productLine(product);
      focusLine.current = { key: line.key, field: 'qty' };
      return [...current, line];
    });
    form.current?.scrollIntoView?.({ block: 'start' });
  }, [request, setLines]);

  const quantityOf = (line: ProductLineDraft) => parseWhole(line.quantity, 1, GOODS_RECEIPT_QUANTITY_MAX);
  const costOf = (line: ProductLineDraft) => parseVnd(costs[line.key] ?? '', GOODS_RECEIPT_UNIT_COST_MAX);
  const totals = lines.reduce(
    (sum, line) => {
      const quantity = quantityOf(line) ?? 0;
      return { units: sum.units + quantity, cost: sum.cost + quantity * (costOf(line) ?? 0) };
    },
    { units: 0, cost: 0 },
  );

  const addLineAfter = (index: number) => {
    const next = lines[index + 1];
    if (next) {
      document.getElementById(`${id}-product-${next.key}`)?.focus();
      return;
    }
    if (lines.length >= GOODS_RECEIPT_LINES_MAX) return;
    const line = productLine();
    focusLine.current = { key: line.key, field: 'product' };
    setLines((current) => [...current, line]);
  };

  const reset = () => {
    setLines(() => [productLine()]);
    setCosts({});
    setSupplier('');
    setReference('');
    setNote('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = productLineErrors(lines, t, GOODS_RECEIPT_QUANTITY_MAX);
    const foundCosts: Record<number, string> = {};
    for (const line of lines) if (costOf(line) === null) foundCosts[line.key] = t.unitCostInvalid;
    const foundFields: FieldErrors = supplier.trim() === '' ? { supplier: t.supplierRequired } : {};
    setErrors(found);
    setCostErrors(foundCosts);
    setFieldErrors(foundFields);
    if (Object.keys(found).length + Object.keys(foundCosts).length + Object.keys(foundFields).length > 0) {
      setFailure(t.fixErrors);
      focusFirstInvalid(form.current);
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      const outcome = await inventoryApi.receiveGoods({
        centreId,
        supplier: supplier.trim(),
        reference: reference.trim() === '' ? null : reference.trim(),
        note: note.trim() === '' ? null : note.trim(),
        lines: lines.map((line) => ({ productId: line.product!.productId, quantity: quantityOf(line)!, unitCost: costOf(line)! })),
      });
      const receipt = outcome.data?.receipt ?? null;
      reset();
      // ready for the next delivery
      document.getElementById(`${id}-supplier`)?.focus();
      onReceived(receipt, receipt ? t.done(n(receipt.totalQuantity), receipt.centreName, formatVnd(receipt.totalCost)) : (outcome.message ?? t.doneShort));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setFieldErrors({ supplier: fields.supplier, reference: fields.reference, note: fields.note });
      setErrors(serverProductLineErrors(error, lines));
      setCostErrors(serverCostErrors(error, lines));
      const conflict = isConflict(error);
      setFailure(conflict ? `${messageOf(error, inventoryText.actionFailed)} ${inventoryText.stockPage.conflict}` : messageOf(error, inventoryText.actionFailed));
      if (conflict) onConflict();
      focusFirstInvalid(form.current);
    } finally {
      setBusy(false);
    }
  };

  const describe = (field: keyof FieldErrors, extra = '') => [extra, fieldErrors[field] ? `${id}-${field}-error` : ''].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: keyof FieldErrors) =>
    fieldErrors[field] && (
      <p id={`${id}-${field}-error`} className={styles.fieldError}>
        {fieldErrors[field]}
      </p>
    );
  // Enter in a one-line field sends the form (the browser's default); in a unit cost it moves to the next line
  const costKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    addLineAfter(index);
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t.heading}</h2>
      <p className={styles.hint}>{t.description(locationName)}</p>
      <form ref={form} className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-heading`}>
        <div role="alert">{failure && <p className={styles.alert}>{failure}</p>}</div>
        <div className={styles.field}>
          <label htmlFor={`${id}-supplier`}>{t.supplier}</label>
          <input
            id={`${id}-supplier`}
            className={styles.input}
            autoComplete="organization"
            required
            maxLength={GOODS_RECEIPT_SUPPLIER_MAX}
            value={supplier}
            onChange={(event) => {
              setSupplier(event.target.value);
              setFieldErrors((current) => ({ ...current, supplier: undefined }));
            }}
            aria-invalid={fieldErrors.supplier ? true : undefined}
            aria-describedby={describe('supplier')}
          />
          {fieldError('supplier')}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-reference`}>{t.reference}</label>
          <input
            id={`${id}-reference`}
            className={styles.input}
            autoComplete="off"
            maxLength={GOODS_RECEIPT_REFERENCE_MAX}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            aria-invalid={fieldErrors.reference ? true : undefined}
            aria-describedby={describe('reference')}
          />
          {fieldError('reference')}
        </div>
        <p className={styles.hint}>{t.keyboardHint}</p>
        <ProductLinesEditor
          id={id}
          text={t}
          linesMax={GOODS_RECEIPT_LINES_MAX}
          pickerCentre={centreId}
          lines={lines}
          errors={errors}
          setLines={setLines}
          update={update}
          lineExtra={(line, index) => {
            const costId = `${id}-cost-${line.key}`;
            const error = costErrors[line.key];
            const quantity = quantityOf(line);
            const cost = costOf(line);
            const lineName = t.line(index + 1).toLowerCase();
            return (
              <div className={styles.field}>
                <label htmlFor={costId}>{`${t.unitCost} (${lineName})`}</label>
                <input
                  id={costId}
                  className={`${styles.input} ${styles.narrow}`}
                  inputMode="numeric"
                  autoComplete="off"
                  value={costs[line.key] ?? ''}
                  onChange={(event) => {
                    const value = event.target.value;
                    setCosts((current) => ({ ...current, [line.key]: value }));
                    setCostErrors((current) => {
                      if (!current[line.key]) return current;
                      const next = { ...current };
                      delete next[line.key];
                      return next;
                    });
                  }}
                  onKeyDown={costKeyDown(index)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${costId}-hint${error ? ` ${costId}-error` : ''}`}
                />
                <p id={`${costId}-hint`} className={styles.hint}>
                  {quantity !== null && cost !== null ? t.lineCost(formatVnd(quantity * cost)) : t.unitCostHint}
                </p>
                {error && (
                  <p id={`${costId}-error`} className={styles.fieldError}>
                    {error}
                  </p>
                )}
              </div>
            );
          }}
        />
        <NoteField id={`${id}-note`} label={t.note} max={GOODS_RECEIPT_NOTE_MAX} value={note} onChange={setNote} />
        {fieldError('note')}
        <p className={styles.done} aria-live="polite">
          <strong>{t.total}:</strong> {t.totalFigures(n(totals.units), formatVnd(totals.cost))}
        </p>
        <div className={styles.buttons}>
          <button type="submit" className={styles.action} disabled={busy}>
            {busy ? t.submitting : t.submit}
          </button>
        </div>
      </form>
    </section>
  );
}
