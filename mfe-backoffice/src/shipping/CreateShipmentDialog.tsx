import { useCallback, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  CARRIER_LABELS,
  PARCEL_HANDOVER_LABELS,
  PARCEL_HANDOVERS,
  PARCEL_INSPECTION_LABELS,
  PARCEL_INSPECTION_RULES,
  type IntegratedCarrier,
  type ParcelHandover,
  type ParcelInspectionRule,
} from 'shared-contracts/pricing';
import type { CreateShipmentInput, ShipmentView, ShippingOption, WebOrderDetail } from 'shared-contracts/schemas';
import { fieldErrorsOf, isConflict, messageOf } from '../api/apiErrors';
import { ModalDialog } from '../components/ModalDialog';
import { useAsync } from '../hooks/useAsync';
import { shippingApi, type DeskShippingOptions } from './shippingApi';
import { shippingText as t } from './shippingText';
import styles from './Shipping.module.css';

interface Props {
  detail: WebOrderDetail;
  onCreated: (shipment: ShipmentView) => void;
  /** A 409: the order changed meanwhile; the panel reads it again (the dialog then sends the new version). */
  onConflict: () => void;
  onClose: () => void;
}

/** The services offered when the carriers' quote is not here: GHN "Chuẩn" and GHTK "Đường bộ", fee confirmed later. */
const FALLBACK_SERVICES: readonly { carrier: IntegratedCarrier; service: string; serviceLabel: string }[] = [
  { carrier: 'GHN', service: '2', serviceLabel: 'Chuẩn' },
  { carrier: 'GHTK', service: 'road', serviceLabel: 'Đường bộ' },
];

interface Choice {
  carrier: IntegratedCarrier;
  carrierLabel: string;
  service: string;
  serviceLabel: string;
  fee: number | null;
  expectedDelivery: string | null;
  cheapest: boolean;
  fastest: boolean;
}

const keyOf = (choice: { carrier: string; service: string }) => `${choice.carrier}:${choice.service}`;
const fromOption = (option: ShippingOption): Choice => ({ ...option });
const FALLBACK_CHOICES: Choice[] = FALLBACK_SERVICES.map((entry) => ({ ...entry, carrierLabel: CARRIER_LABELS[entry.carrier], fee: null, expectedDelivery: null, cheapest: false, fastest: false }));

/** The carrier and service the customer chose at checkout, if the order carries one (absent from older answers). */
function chosenOf(detail: WebOrderDetail): { carrier: string; service?: string } | null {
  const order = detail.order as WebOrderDetail['order'] & { shippingChoice?: { carrier: string; service: string } | null };
  return order.shippingChoice ?? (order.shipment ? { carrier: order.shipment.carrier } : null);
}

/** The option shown selected first: the customer's choice, else its carrier, else the cheapest, else the first. */
function preselected(choices: Choice[], detail: WebOrderDetail): string {
  const chosen = chosenOf(detail);
  const match =
    (chosen && choices.find((choice) => choice.carrier === chosen.carrier && choice.service === chosen.service)) ||
    (chosen && choices.find((choice) => choice.carrier === chosen.carrier)) ||
    choices.find((choice) => choice.cheapest) ||
    choices[0];
  return match ? keyOf(match) : '';
}

/** What is still to collect on delivery: nothing for a paid order, else the total less what was received. */
function unpaidOf(detail: WebOrderDetail): number {
  if (detail.order.paymentStatus !== 'UNPAID') return 0;
  return Math.max(0, detail.order.total - detail.payment.amountReceived);
}

/** The goods in the parcel: the product lines (a service package does not travel). */
const goodsValueOf = (detail: WebOrderDetail) => detail.order.lines.filter((line) => line.kind === 'product').reduce((sum, line) => sum + line.lineTotal, 0);

const WHOLE_VND = /^\d{1,12}$/;
const digitsOf = (value: string) => value.replace(/[.\s₫]/g, '');

/**
 * "Tạo vận đơn": carrier and service from the carriers' live quote (or GHN Chuẩn / GHTK Đường bộ when it fails),
 * COD (the unpaid total), insured value (the goods), the inspection rule, the handover and a note; sends the order's
 * version. Enter submits, Escape closes. A 409 reloads the order, the carrier's refusal (422) and an outage (503)
 * are shown and the form kept.
 */
export function CreateShipmentDialog({ detail, onCreated, onConflict, onClose }: Props) {
  const code = detail.order.code;
  const read = useCallback((signal: AbortSignal) => shippingApi.options(code, signal), [code]);
  const [selected, setSelected] = useState<string | null>(null);
  const quote = useAsync<DeskShippingOptions>(read, { failedText: t.optionsFailed });
  const answer = quote.state.data;
  const failed = quote.state.error !== null;
  const choices = answer && answer.options.length > 0 && !failed ? answer.options.map(fromOption) : failed || answer ? FALLBACK_CHOICES : [];
  // until the clerk picks one, the order's own choice (or the cheapest) is the one selected
  const current = selected ?? (choices.length > 0 ? preselected(choices, detail) : null);

  const [cod, setCod] = useState(String(unpaidOf(detail)));
  const [insured, setInsured] = useState(String(goodsValueOf(detail)));
  const [inspection, setInspection] = useState<ParcelInspectionRule>('CHOXEMHANGKHONGTHU');
  const [handover, setHandover] = useState<ParcelHandover>('PICKUP');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const validate = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (!current || !choices.some((choice) => keyOf(choice) === current)) found.carrier = t.chooseOption;
    if (!WHOLE_VND.test(digitsOf(cod))) found.codAmount = t.codInvalid;
    if (!WHOLE_VND.test(digitsOf(insured))) found.insuredValue = t.insuredInvalid;
    if (note.trim().length > 300) found.note = t.noteTooLong;
    return found;
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    const found = validate();
    setErrors(found);
    setFailure(null);
    const choice = choices.find((entry) => keyOf(entry) === current);
    if (Object.keys(found).length > 0 || !choice) return;
    const input: CreateShipmentInput = {
      version: detail.version,
      carrier: choice.carrier,
      service: choice.service,
      codAmount: Number(digitsOf(cod)),
      insuredValue: Number(digitsOf(insured)),
      inspection,
      handover,
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    setBusy(true);
    try {
      onCreated(await shippingApi.create(code, input));
    } catch (error) {
      if (isConflict(error)) {
        setFailure(t.conflict);
        onConflict();
      } else {
        setErrors(fieldErrorsOf(error));
        setFailure(messageOf(error, t.createFailed));
      }
    } finally {
      setBusy(false);
    }
  };

  // Enter submits from any field but the note (where it is a new line) and the buttons (which act themselves)
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || target.tagName === 'TEXTAREA' || target.tagName === 'BUTTON') return;
    event.preventDefault();
    void submit();
  };
  const errorId = (name: string) => `shipment-${name}-error`;
  const fieldError = (name: string) =>
    errors[name] ? (
      <span id={errorId(name)} className={styles.error}>
        {errors[name]}
      </span>
    ) : null;

  return (
    <ModalDialog title={`${t.create} · ${code}`} onClose={onClose} closeLabel={t.close}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Enter submits from a radio or a select too */}
      <form className={styles.form} onSubmit={(event) => void submit(event)} onKeyDown={onKeyDown} noValidate aria-label={t.create}>
        <fieldset className={styles.options} aria-describedby={errors.carrier ? errorId('carrier') : undefined}>
          <legend>{t.options}</legend>
          {answer === undefined && !failed && <p className={styles.hint}>{t.optionsLoading}</p>}
          {failed && <p className={styles.hint}>{t.optionsFailed}</p>}
          {!failed && answer?.fallback && <p className={styles.hint}>{t.optionsFallback}</p>}
          {choices.map((choice) => (
            <label key={keyOf(choice)} className={styles.option}>
              <input type="radio" name="shipment-option" value={keyOf(choice)} checked={current === keyOf(choice)} onChange={() => setSelected(keyOf(choice))} />
              <span>
                <strong>
                  {choice.carrierLabel} · {choice.serviceLabel}
                </strong>
                {choice.cheapest && <span className={styles.tag}>{t.cheapest}</span>}
                {choice.fastest && <span className={styles.tag}>{t.fastest}</span>}
                <br />
                <span className={styles.muted}>
                  {choice.fee === null ? t.feeToConfirm : t.vnd(choice.fee)}
                  {choice.expectedDelivery && ` · ${t.expected(t.localDate(choice.expectedDelivery))}`}
                </span>
              </span>
            </label>
          ))}
          {fieldError('carrier')}
          {fieldError('service')}
        </fieldset>
        <div className={styles.field}>
          <label htmlFor="shipment-cod">{t.codAmount}</label>
          <input id="shipment-cod" inputMode="numeric" value={cod} onChange={(event) => setCod(event.target.value)} aria-invalid={errors.codAmount ? true : undefined} aria-describedby={errors.codAmount ? errorId('codAmount') : 'shipment-cod-hint'} />
          <span id="shipment-cod-hint" className={styles.hint}>
            {detail.order.paymentStatus !== 'UNPAID' ? t.codPaid : WHOLE_VND.test(digitsOf(cod)) ? t.vnd(Number(digitsOf(cod))) : ''}
          </span>
          {fieldError('codAmount')}
        </div>
        <div className={styles.field}>
          <label htmlFor="shipment-insured">{t.insuredValue}</label>
          <input id="shipment-insured" inputMode="numeric" value={insured} onChange={(event) => setInsured(event.target.value)} aria-invalid={errors.insuredValue ? true : undefined} aria-describedby={errors.insuredValue ? errorId('insuredValue') : undefined} />
          {fieldError('insuredValue')}
        </div>
        <div className={styles.field}>
          <label htmlFor="shipment-inspection">{t.inspection}</label>
          <select id="shipment-inspection" value={inspection} onChange={(event) => setInspection(event.target.value as ParcelInspectionRule)}>
            {PARCEL_INSPECTION_RULES.map((rule) => (
              <option key={rule} value={rule}>
                {PARCEL_INSPECTION_LABELS[rule]}
              </option>
            ))}
          </select>
          {fieldError('inspection')}
        </div>
        <fieldset className={styles.fieldset}>
          <legend>{t.handover}</legend>
          {PARCEL_HANDOVERS.map((value) => (
            <label key={value} className={styles.choice}>
              <input type="radio" name="shipment-handover" value={value} checked={handover === value} onChange={() => setHandover(value)} />
              {PARCEL_HANDOVER_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <div className={styles.field}>
          <label htmlFor="shipment-note">{t.note}</label>
          <textarea id="shipment-note" value={note} onChange={(event) => setNote(event.target.value)} rows={2} aria-describedby={errors.note ? errorId('note') : undefined} />
          {fieldError('note')}
        </div>
        {failure && (
          <p role="alert" className={styles.error}>
            {failure}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy}>
            {busy ? t.creating : t.create}
          </button>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {t.close}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
