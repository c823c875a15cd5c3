import { useId, useState, type FormEvent } from 'react';
import { PARTS_QUANTITY_MAX, PARTS_QUANTITY_MIN, PARTS_REASON_MAX, REASON_MIN_LENGTH } from 'shared-contracts/backoffice';
import type { FreePartLine, PartsProduct, PartsRequest, ServiceOrderDetail } from 'shared-contracts/schemas';
import { fieldErrorsOf, isConflict, messageOf } from '../api/apiErrors';
import { FreePartFields, freePartDescriptionError, type FreePartKind } from './FreePartFields';
import { freePartLinesApi } from './freePartLinesApi';
import { PartSearch } from './PartSearch';
import { partsRequestsApi } from './partsRequestsApi';
import { partsRequestsText } from './partsRequestsText';
import styles from './PartsRequests.module.css';
import common from '../components/TechnicianArea.module.css';

const t = partsRequestsText.form;

type Errors = Partial<Record<'productId' | 'description' | 'note' | 'quantity' | 'reason' | 'checklistItemId' | 'form', string>>;

/** A whole number 1..99 typed by hand, else null. */
export function parseQuantity(text: string): number | null {
  const value = text.trim();
  if (!/^\d{1,2}$/.test(value)) return null;
  const quantity = Number(value);
  return quantity >= PARTS_QUANTITY_MIN && quantity <= PARTS_QUANTITY_MAX ? quantity : null;
}

interface Props {
  order: ServiceOrderDetail;
  /** A FAIL item to link (from ?item=), if it is one of this order's. */
  initialItemId: number | null;
  /** Changes when the floor changed: the search's availability is read again. */
  refreshKey: number;
  onCreated: (request: PartsRequest | null, announcement: string) => void;
  /** A part outside the catalogue was sent (the line, OPEN): the page lists it. */
  onFreeLineCreated: (line: FreePartLine | null, announcement: string) => void;
  /** A 409 (the order is no longer in progress…): the page reloads my orders. */
  onStale: () => void;
}

/**
 * T4: a part for the order in progress — search (compatible first, availability shown), or, for a part the
 * catalogue lacks, its description (3..200 characters) and a note for the parts desk; quantity 1..99, the FAIL
 * checklist item it is for (optional) and the reason (required unless an item is linked: its note is used).
 * Checked before sending as the server checks it; the server's refusals are shown at their fields.
 */
export function PartsRequestForm({ order, initialItemId, refreshKey, onCreated, onFreeLineCreated, onStale }: Props) {
  const id = useId();
  const failItems = order.checklistItems.filter((item) => item.result === 'FAIL');
  const [kind, setKind] = useState<FreePartKind>('catalogue');
  const [part, setPart] = useState<PartsProduct | null>(null);
  const [description, setDescription] = useState('');
  const [note, setNote] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [itemId, setItemId] = useState<number | null>(initialItemId !== null && failItems.some((item) => item.id === initialItemId) ? initialItemId : null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const parsedQuantity = parseQuantity(quantity);
  const step = (delta: number) => {
    const next = Math.min(PARTS_QUANTITY_MAX, Math.max(PARTS_QUANTITY_MIN, (parsedQuantity ?? PARTS_QUANTITY_MIN) + delta));
    setQuantity(String(next));
    setErrors((current) => ({ ...current, quantity: undefined }));
  };

  const validate = (): Errors => {
    const found: Errors = {};
    if (kind === 'catalogue' && !part) found.productId = t.productRequired;
    const describedError = kind === 'free' ? freePartDescriptionError(description) : null;
    if (describedError) found.description = describedError;
    if (parsedQuantity === null) found.quantity = t.quantityInvalid;
    if (itemId === null && reason.trim().length < REASON_MIN_LENGTH) found.reason = t.reasonRequired;
    return found;
  };

  const focusFirst = (found: Errors) => {
    const fields: Array<[keyof Errors, string]> = [
      ['productId', `${id}-search`],
      ['description', `${id}-description`],
      ['quantity', `${id}-qty`],
      ['reason', `${id}-reason`],
    ];
    const first = fields.find(([field]) => found[field]);
    const target = first ? document.getElementById(first[1]) : null;
    (target?.matches('input, textarea, select') ? target : target?.querySelector<HTMLElement>('input, textarea, select'))?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusFirst(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const shared = { quantity: parsedQuantity!, reason: reason.trim() === '' ? null : reason.trim(), checklistItemId: itemId };
      if (kind === 'free') {
        const described = description.trim();
        const outcome = await freePartLinesApi.create(order.id, { ...shared, description: described, note: note.trim() === '' ? null : note.trim() });
        onFreeLineCreated(outcome.data, `${outcome.message ?? ''} ${t.sentFree(described, parsedQuantity!)}`.trim());
        setDescription('');
        setNote('');
      } else {
        const chosen = part!;
        const outcome = await partsRequestsApi.create(order.id, { ...shared, productId: chosen.id });
        onCreated(outcome.data, `${outcome.message ?? ''} ${t.sent(chosen.name, parsedQuantity!)}`.trim());
      }
      setPart(null);
      setQuantity('1');
      setItemId(null);
      setReason('');
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors({
        productId: fields.productId,
        description: fields.description,
        note: fields.note,
        quantity: fields.quantity,
        reason: fields.reason,
        checklistItemId: fields.checklistItemId,
        form: messageOf(error, t.failed),
      });
      if (isConflict(error)) onStale();
    } finally {
      setBusy(false);
    }
  };

  const describe = (field: keyof Errors, hint: boolean) => [hint ? `${id}-${field}-hint` : null, errors[field] ? `${id}-${field}-error` : null].filter(Boolean).join(' ') || undefined;
  const short = kind === 'catalogue' && part !== null && parsedQuantity !== null && parsedQuantity > part.availability.available;

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-heading`} aria-describedby={`${id}-order`}>
      <h2 id={`${id}-heading`}>{t.heading}</h2>
      <p id={`${id}-order`} className={styles.hint}>
        {t.forOrder(order.code, order.licensePlate, order.vehicleModel)}
      </p>
      {errors.form && (
        <p role="alert" className={common.notice}>
          {errors.form}
        </p>
      )}

      <FreePartFields
        idPrefix={id}
        kind={kind}
        onKind={(next) => {
          setKind(next);
          setErrors((current) => ({ ...current, productId: undefined, description: undefined, note: undefined, form: undefined }));
        }}
        description={description}
        onDescription={(next) => {
          setDescription(next);
          setErrors((current) => ({ ...current, description: undefined }));
        }}
        note={note}
        onNote={setNote}
        errors={{ description: errors.description, note: errors.note }}
      >
        <div id={`${id}-search`}>
          <PartSearch
            orderId={order.id}
            vehicleModel={order.vehicleModel}
            selected={part}
            refreshKey={refreshKey}
            error={errors.productId ?? null}
            onSelect={(next) => {
              setPart(next);
              setErrors((current) => ({ ...current, productId: undefined }));
            }}
          />
        </div>
      </FreePartFields>

      <div className={styles.field}>
        <label htmlFor={`${id}-qty`}>{t.quantity}</label>
        <div className={styles.stepper}>
          <button type="button" aria-label={t.decrease} aria-controls={`${id}-qty`} disabled={parsedQuantity !== null && parsedQuantity <= PARTS_QUANTITY_MIN} onClick={() => step(-1)}>
            −
          </button>
          <input
            id={`${id}-qty`}
            className={styles.input}
            inputMode="numeric"
            autoComplete="off"
            maxLength={2}
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
            aria-invalid={errors.quantity ? true : undefined}
            aria-describedby={describe('quantity', true)}
          />
          <button type="button" aria-label={t.increase} aria-controls={`${id}-qty`} disabled={parsedQuantity !== null && parsedQuantity >= PARTS_QUANTITY_MAX} onClick={() => step(1)}>
            +
          </button>
        </div>
        <p id={`${id}-quantity-hint`} className={styles.hint}>
          {t.quantityHint}
        </p>
        {short && <p className={styles.warning}>{t.moreThanAvailable(part.availability.available)}</p>}
        {errors.quantity && (
          <p id={`${id}-quantity-error`} className={styles.fieldError}>
            {errors.quantity}
          </p>
        )}
      </div>

      <div className={styles.field}>
        <label htmlFor={`${id}-item`}>{t.item}</label>
        {failItems.length === 0 ? (
          <p id={`${id}-item`} className={styles.hint}>
            {t.noFailItems}
          </p>
        ) : (
          <select
            id={`${id}-item`}
            className={styles.select}
            value={itemId ?? ''}
            onChange={(event) => {
              setItemId(event.target.value === '' ? null : Number(event.target.value));
              setErrors((current) => ({ ...current, reason: undefined, checklistItemId: undefined }));
            }}
            aria-invalid={errors.checklistItemId ? true : undefined}
            aria-describedby={describe('checklistItemId', false)}
          >
            <option value="">{t.noItem}</option>
            {failItems.map((item) => (
              <option key={item.id} value={item.id}>
                {t.itemOption(item.label, item.note)}
              </option>
            ))}
          </select>
        )}
        {errors.checklistItemId && (
          <p id={`${id}-checklistItemId-error`} className={styles.fieldError}>
            {errors.checklistItemId}
          </p>
        )}
      </div>

      <div className={styles.field}>
        <label htmlFor={`${id}-reason`}>{t.reason}</label>
        <textarea
          id={`${id}-reason`}
          className={styles.textarea}
          maxLength={PARTS_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-required={itemId === null}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={describe('reason', true)}
        />
        <p id={`${id}-reason-hint`} className={styles.hint}>
          {itemId === null ? t.reasonHintRequired : t.reasonHintOptional}
        </p>
        {errors.reason && (
          <p id={`${id}-reason-error`} className={styles.fieldError}>
            {errors.reason}
          </p>
        )}
      </div>

      <div className={common.actions}>
        <button type="submit" className={common.primary} disabled={busy}>
          {busy ? t.submitting : t.submit}
        </button>
      </div>
    </form>
  );
}
