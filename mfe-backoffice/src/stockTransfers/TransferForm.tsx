import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, errorDataOf } from 'shared-contracts';
import { STOCK_TRANSFER_LINES_MAX, STOCK_TRANSFER_NOTE_MAX, STOCK_TRANSFER_QUANTITY_MAX, canCreateStockTransfer } from 'shared-contracts/backoffice';
import type { StockLocation, StockTransfer } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { ModalDialog } from '../components/ModalDialog';
import type { ProductOption } from '../inventory/inventoryApi';
import { parseWhole } from '../inventory/inventoryRules';
import { ProductPicker } from '../inventory/ProductPicker';
import { stockTransfersApi } from './stockTransfersApi';
import { stockTransfersText } from './stockTransfersText';
import styles from '../inventory/Inventory.module.css';

const t = stockTransfersText.form;

interface LineDraft {
  key: number;
  product: ProductOption | null;
  quantity: string;
}

type LineErrors = Record<number, { product?: string; quantity?: string }>;
interface PlaceErrors {
  from?: string;
  to?: string;
}

let nextKey = 1;
const newLine = (): LineDraft => ({ key: nextKey++, product: null, quantity: '' });

function lineErrorsOf(lines: LineDraft[]): LineErrors {
  const errors: LineErrors = {};
  const seen = new Set<number>();
  for (const line of lines) {
    const found: { product?: string; quantity?: string } = {};
    if (!line.product) found.product = t.productRequired;
    else if (seen.has(line.product.productId)) found.product = t.duplicate;
    if (line.product) seen.add(line.product.productId);
    if (parseWhole(line.quantity, 1, STOCK_TRANSFER_QUANTITY_MAX) === null) found.quantity = t.quantityInvalid;
    if (found.product || found.quantity) errors[line.key] = found;
  }
  return errors;
}

/** The server's field errors ('lines.<i>.<field>', the locations) and a 409 about one product (data.productId) at its line. */
function serverErrors(error: unknown, lines: LineDraft[]): { lines: LineErrors; places: PlaceErrors } {
  const result: { lines: LineErrors; places: PlaceErrors } = { lines: {}, places: {} };
  if (!(error instanceof ApiError)) return result;
  for (const entry of error.errors) {
    if (entry.field === 'fromLocationId') result.places.from = entry.message;
    if (entry.field === 'toLocationId') result.places.to = entry.message;
    const match = /^lines\.(\d+)\.(productId|quantity)$/.exec(entry.field);
    const line = match ? lines[Number(match[1])] : undefined;
    if (!match || !line) continue;
    const field = match[2] === 'productId' ? 'product' : 'quantity';
    result.lines[line.key] = { ...result.lines[line.key], [field]: entry.message };
  }
  const productId = errorDataOf(error)?.productId;
  const line = typeof productId === 'number' ? lines.find((candidate) => candidate.product?.productId === productId) : undefined;
  if (line) result.lines[line.key] = { ...result.lines[line.key], quantity: result.lines[line.key]?.quantity ?? error.message };
  return result;
}

interface Props {
  locations: StockLocation[];
  /** The caller's role and centre (null: an admin), for the defaults and what they may choose. */
  role: string | null;
  ownCentreId: number | null;
  /** The centre the panel shows (an admin's choice): the default destination. */
  centreId: number | null;
  onClose: () => void;
  onCreated: (transfer: StockTransfer | null, message: string) => void;
  /** A 409 (the source lacks a product): the list reloads while the form stays. */
  onConflict: () => void;
}

/**
 * "Tạo phiếu chuyển kho": source and destination (a manager's own centre must be one of them; by default the
 * warehouse to their centre), the lines (product picker, quantity) and a note. The server's refusal is shown
 * at the line it is about and the form is kept.
 */
export function TransferForm({ locations, role, ownCentreId, centreId, onClose, onCreated, onConflict }: Props) {
  const id = useId();
  const warehouse = locations.find((location) => location.kind === 'WAREHOUSE');
  const home = role === 'admin' ? centreId : ownCentreId;
  const [fromId, setFromId] = useState<string>(() => String(warehouse && warehouse.id !== home ? warehouse.id : ''));
  const [toId, setToId] = useState<string>(() => (home === null ? '' : String(home)));
  const [lines, setLines] = useState<LineDraft[]>(() => [newLine()]);
  const [note, setNote] = useState('');
  const [lineErrors, setLineErrors] = useState<LineErrors>({});
  const [placeErrors, setPlaceErrors] = useState<PlaceErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const added = useRef<number | null>(null);

  useEffect(() => {
    if (added.current === null) return;
    document.getElementById(`${id}-product-${added.current}`)?.focus();
    added.current = null;
  }, [lines.length, id]);

  const update = (key: number, change: Partial<LineDraft>) => {
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));
    setLineErrors((current) => {
      if (!current[key]) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  };

  const placeProblems = (): PlaceErrors => {
    const found: PlaceErrors = {};
    if (fromId === '') found.from = t.fromRequired;
    if (toId === '') found.to = t.toRequired;
    else if (toId === fromId) found.to = t.sameLocation;
    if (!found.from && !found.to && role !== 'admin' && !canCreateStockTransfer({ role: role ?? '', centreId: ownCentreId }, Number(fromId), Number(toId))) {
      found.to = t.notYourCentre;
    }
    return found;
  };

  const focusFirstError = () =>
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-line-invalid] button')?.focus());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const places = placeProblems();
    const found = lineErrorsOf(lines);
    setPlaceErrors(places);
    setLineErrors(found);
    if (places.from || places.to || Object.keys(found).length > 0) {
      setFailure(t.fixErrors);
      focusFirstError();
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      const outcome = await stockTransfersApi.create({
        fromLocationId: Number(fromId),
        toLocationId: Number(toId),
        lines: lines.map((line) => ({ productId: line.product!.productId, quantity: parseWhole(line.quantity, 1, STOCK_TRANSFER_QUANTITY_MAX)! })),
        note: note.trim() === '' ? null : note.trim(),
      });
      onCreated(outcome.data, outcome.message ?? t.done);
    } catch (error) {
      const server = serverErrors(error, lines);
      setLineErrors(server.lines);
      setPlaceErrors(server.places);
      setFailure(messageOf(error, stockTransfersText.actionFailed));
      setBusy(false);
      if (error instanceof ApiError && error.status === 409) onConflict();
    }
  };

  const placeSelect = (which: 'from' | 'to', value: string, set: (value: string) => void) => {
    const selectId = `${id}-${which}`;
    const error = placeErrors[which];
    return (
      <div className={styles.field}>
        <label htmlFor={selectId}>{which === 'from' ? t.from : t.to}</label>
        <select
          id={selectId}
          className={styles.select}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${selectId}-error` : undefined}
          onChange={(event) => {
            set(event.target.value);
            setPlaceErrors({});
          }}
        >
          <option value="">{t.choose}</option>
          {locations.map((location) => (
            <option key={location.id} value={location.id}>
              {location.name}
            </option>
          ))}
        </select>
        {error && (
          <p id={`${selectId}-error`} className={styles.fieldError}>
            {error}
          </p>
        )}
      </div>
    );
  };

  // the picker shows what a location has: an admin's source; a manager's own centre (the only one they may read)
  const pickerCentre = role === 'admin' && fromId !== '' ? Number(fromId) : undefined;

  return (
    <ModalDialog title={t.title} description={t.description} onClose={onClose}>
      <form ref={form} className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <div role="alert">{failure && <p className={styles.alert}>{failure}</p>}</div>
        {placeSelect('from', fromId, setFromId)}
        {placeSelect('to', toId, setToId)}
        <ol className={styles.lines}>
          {lines.map((line, index) => {
            const errors = lineErrors[line.key];
            const qtyId = `${id}-qty-${line.key}`;
            const lineName = t.line(index + 1);
            return (
              <li key={line.key}>
                <fieldset className={`${styles.line} ${errors ? styles.lineInvalid : ''}`} data-line-invalid={errors ? true : undefined}>
                  <legend className={styles.legend}>{lineName}</legend>
                  <ProductPicker
                    id={`${id}-product-${line.key}`}
                    label={`${t.product} (${lineName.toLowerCase()})`}
                    value={line.product}
                    centreId={pickerCentre}
                    error={errors?.product ?? null}
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
                      aria-invalid={errors?.quantity ? true : undefined}
                      aria-describedby={`${qtyId}-hint${errors?.quantity ? ` ${qtyId}-error` : ''}`}
                    />
                    <p id={`${qtyId}-hint`} className={styles.hint}>
                      {t.quantityHint}
                    </p>
                    {errors?.quantity && (
                      <p id={`${qtyId}-error`} className={styles.fieldError}>
                        {errors.quantity}
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
          <button
            type="button"
            className={styles.secondary}
            disabled={lines.length >= STOCK_TRANSFER_LINES_MAX}
            onClick={() => {
              const line = newLine();
              added.current = line.key;
              setLines((current) => [...current, line]);
            }}
          >
            {t.addLine}
          </button>
          {lines.length >= STOCK_TRANSFER_LINES_MAX && <p className={styles.hint}>{t.linesFull}</p>}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-note`}>{t.note}</label>
          <textarea id={`${id}-note`} className={styles.textarea} maxLength={STOCK_TRANSFER_NOTE_MAX} value={note} onChange={(event) => setNote(event.target.value)} />
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
