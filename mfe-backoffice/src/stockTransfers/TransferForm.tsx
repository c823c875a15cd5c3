import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from 'shared-contracts';
import {
  STOCK_TRANSFER_LINES_MAX,
  STOCK_TRANSFER_NOTE_MAX,
  STOCK_TRANSFER_QUANTITY_MAX,
  canCreateStockTransfer,
  canRequestStockTransfer,
  type NewStockTransferFacts,
} from 'shared-contracts/backoffice';
import type { StockLocation, StockTransfer } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { ModalDialog } from '../components/ModalDialog';
import {
  parseWhole,
  focusFirstInvalid,
  NoteField,
  ProductLinesEditor,
  productLine,
  productLineErrors,
  serverProductLineErrors,
  SubmitButtons,
  useProductLines,
  type ProductLineDraft,
  type ProductLineErrors,
} from '../inventory';
import { stockTransfersApi } from './stockTransfersApi';
import { stockTransfersText } from './stockTransfersText';
import styles from '../components/StockPanels.module.css';

const t = stockTransfersText.form;

interface PlaceErrors {
  from?: string;
  to?: string;
}

/** The server's field errors ('lines.<i>.<field>', the locations) and a 409 about one product (data.productId) at its line. */
function serverErrors(error: unknown, lines: ProductLineDraft[]): { lines: ProductLineErrors; places: PlaceErrors } {
  const places: PlaceErrors = {};
  if (error instanceof ApiError) {
    for (const entry of error.errors) {
      if (entry.field === 'fromLocationId') places.from = entry.message;
      if (entry.field === 'toLocationId') places.to = entry.message;
    }
  }
  return { lines: serverProductLineErrors(error, lines), places };
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
 * warehouse to their centre), the lines (product picker, quantity) and a note. What the caller may do with the pair
 * is the machine's: "Chuyển kho" creates it (the units leave at once), "Yêu cầu chuyển kho" asks another centre
 * for its units (the destination's manager; nothing moves until that centre accepts). The server's refusal is
 * shown at the line it is about and the form is kept.
 */
export function TransferForm({ locations, role, ownCentreId, centreId, onClose, onCreated, onConflict }: Props) {
  const id = useId();
  const warehouse = locations.find((location) => location.kind === 'WAREHOUSE');
  const home = role === 'admin' ? centreId : ownCentreId;
  const [fromId, setFromId] = useState<string>(() => String(warehouse && warehouse.id !== home ? warehouse.id : ''));
  const [toId, setToId] = useState<string>(() => (home === null ? '' : String(home)));
  const { lines, setLines, errors: lineErrors, setErrors: setLineErrors, update } = useProductLines(() => [productLine()]);
  const [note, setNote] = useState('');
  const [placeErrors, setPlaceErrors] = useState<PlaceErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const source = locations.find((location) => String(location.id) === fromId);
  const caller = { role: role ?? '', centreId: role === 'admin' ? null : ownCentreId };
  const facts: NewStockTransferFacts | null =
    fromId === '' || toId === '' || fromId === toId ? null : { fromLocationId: Number(fromId), toLocationId: Number(toId), fromKind: source?.kind ?? 'SERVICE_CENTRE' };
  // creating is the default (and an admin's); a request when the machine says the caller may only ask
  const requesting = facts !== null && !canCreateStockTransfer(caller, facts) && canRequestStockTransfer(caller, facts);

  const placeProblems = (): PlaceErrors => {
    const found: PlaceErrors = {};
    if (fromId === '') found.from = t.fromRequired;
    if (toId === '') found.to = t.toRequired;
    else if (toId === fromId) found.to = t.sameLocation;
    if (facts && role !== 'admin' && !canCreateStockTransfer(caller, facts) && !requesting) found.to = t.notYourCentre;
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const places = placeProblems();
    const found = productLineErrors(lines, t, STOCK_TRANSFER_QUANTITY_MAX);
    setPlaceErrors(places);
    setLineErrors(found);
    if (places.from || places.to || Object.keys(found).length > 0) {
      setFailure(t.fixErrors);
      focusFirstInvalid(form.current);
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      const input = {
        fromLocationId: Number(fromId),
        toLocationId: Number(toId),
        lines: lines.map((line) => ({ productId: line.product!.productId, quantity: parseWhole(line.quantity, 1, STOCK_TRANSFER_QUANTITY_MAX)! })),
        note: note.trim() === '' ? null : note.trim(),
      };
      const outcome = requesting ? await stockTransfersApi.request(input) : await stockTransfersApi.create(input);
      onCreated(outcome.data, outcome.message ?? (requesting ? t.requestDone : t.done));
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
        {requesting && source && <p className={styles.hint}>{t.requestHint(source.name)}</p>}
        <ProductLinesEditor id={id} text={t} linesMax={STOCK_TRANSFER_LINES_MAX} pickerCentre={pickerCentre} lines={lines} errors={lineErrors} setLines={setLines} update={update} />
        <NoteField id={`${id}-note`} label={t.note} max={STOCK_TRANSFER_NOTE_MAX} value={note} onChange={setNote} />
        <SubmitButtons
          busy={busy}
          submit={requesting ? t.submitRequest : t.submit}
          submitting={requesting ? t.submittingRequest : t.submitting}
          cancel={t.cancel}
          onCancel={onClose}
        />
      </form>
    </ModalDialog>
  );
}
