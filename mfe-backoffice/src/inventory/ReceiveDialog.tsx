import { useId, useRef, useState, type FormEvent } from 'react';
import type { InventoryChange } from 'shared-contracts/schemas';
import { ModalDialog } from '../components/ModalDialog';
import { messageOf } from '../api/apiErrors';
import { inventoryApi } from './inventoryApi';
import { parseWhole, RECEIVE_LINES_MAX, RECEIVE_NOTE_MAX, RECEIVE_QUANTITY_MAX } from './inventoryRules';
import { inventoryText } from './inventoryText';
import { focusFirstInvalid, NoteField, ProductLinesEditor, productLine, productLineErrors, serverProductLineErrors, SubmitButtons, useProductLines, type ProductLineDraft } from './ProductLines';
import styles from '../components/StockPanels.module.css';

const t = inventoryText.receive;

export type ReceiveLineDraft = ProductLineDraft;
export const receiveLine = productLine;

/** The lines' problems before sending, by line key (what the server would refuse with 422). */
export const receiveLineErrors = (lines: ReceiveLineDraft[]) => productLineErrors(lines, t, RECEIVE_QUANTITY_MAX);

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
 * 1..9 999 units a line, an optional note. The server's refusal (e.g. 409 TRANSFER_INSUFFICIENT_STOCK 'Chỉ còn 3 …
 * khả dụng tại Kho hàng online …') is shown as it says it, at the line it is about; nothing is received then.
 */
export function ReceiveDialog({ centreId, centreName, initial, onClose, onReceived }: Props) {
  const id = useId();
  const { lines, setLines, errors, setErrors, update } = useProductLines(() => (initial && initial.length > 0 ? initial : [receiveLine()]));
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = receiveLineErrors(lines);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFailure(t.fixErrors);
      focusFirstInvalid(form.current);
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
      setErrors(serverProductLineErrors(error, lines));
      setFailure(messageOf(error, inventoryText.actionFailed));
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={t.title} description={t.description(centreName)} onClose={onClose}>
      <form ref={form} className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <div role="alert">{failure && <p className={styles.alert}>{failure}</p>}</div>
        <ProductLinesEditor id={id} text={t} linesMax={RECEIVE_LINES_MAX} pickerCentre={centreId} lines={lines} errors={errors} setLines={setLines} update={update} />
        <NoteField id={`${id}-note`} label={t.note} max={RECEIVE_NOTE_MAX} value={note} onChange={setNote} />
        <SubmitButtons busy={busy} submit={t.submit} submitting={t.submitting} cancel={t.cancel} onCancel={onClose} />
      </form>
    </ModalDialog>
  );
}
