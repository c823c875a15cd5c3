import { useState } from 'react';
import { canCancelShipment, LABEL_SIZES, PARCEL_HANDOVER_LABELS, PARCEL_INSPECTION_LABELS, type LabelSize } from 'shared-contracts/pricing';
import type { ShipmentView } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { shippingApi } from './shippingApi';
import { shippingText as t } from './shippingText';
import styles from './Shipping.module.css';

interface Props {
  shipment: ShipmentView;
  /** The waybill after a cancellation: the panel reads the order again. */
  onChanged: (shipment: ShipmentView) => void;
}

/**
 * The order's waybill as the carrier reports it: carrier, service, tracking code and link, the status and when,
 * fee, COD, failed attempts, the expected delivery and every event; "In nhãn" (A5 / 80×80) and, before pickup only,
 * "Hủy vận đơn" after a confirmation. The panel re-reads it on the desk's live events, so it moves by itself.
 */
export function ShipmentBlock({ shipment, onChanged }: Props) {
  const [size, setSize] = useState<LabelSize>('A5');
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null);
  const cancellable = shipment.canCancel && canCancelShipment(shipment.status);

  const print = () => {
    setNotice(null);
    shippingApi.openLabels([shipment.id], size).catch((error: unknown) => setNotice({ kind: 'failed', text: messageOf(error, t.labelFailed) }));
  };
  const cancel = async () => {
    try {
      const next = await shippingApi.cancel(shipment.id);
      setConfirming(false);
      setNotice({ kind: 'done', text: t.cancelled });
      onChanged(next);
    } catch (error) {
      setConfirming(false);
      setNotice({ kind: 'failed', text: messageOf(error, t.cancelFailed) });
    }
  };

  return (
    <section aria-labelledby="shipment-heading" data-testid="shipment-block">
      <h3 id="shipment-heading">{t.heading}</h3>
      <dl className={styles.facts}>
        <dt>{t.carrier}</dt>
        <dd>{shipment.carrierLabel}</dd>
        <dt>{t.service}</dt>
        <dd>{shipment.serviceLabel}</dd>
        <dt>{t.trackingCode}</dt>
        <dd>
          <strong>{shipment.trackingCode}</strong>
          {shipment.trackingUrl && (
            <>
              {' · '}
              <a href={shipment.trackingUrl} target="_blank" rel="noreferrer">
                {t.trackOn(shipment.carrier)}
              </a>
            </>
          )}
        </dd>
        <dt>{t.status}</dt>
        <dd data-testid="shipment-status">
          <strong>{shipment.statusLabel}</strong> · <time dateTime={shipment.statusAt}>{t.stamp(shipment.statusAt)}</time>
        </dd>
        <dt>{t.fee}</dt>
        <dd>{t.vnd(shipment.fee)}</dd>
        <dt>{t.cod}</dt>
        <dd>{t.vnd(shipment.codAmount)}</dd>
        <dt>{t.insured}</dt>
        <dd>{t.vnd(shipment.insuredValue)}</dd>
        <dt>{t.inspection}</dt>
        <dd>
          {PARCEL_INSPECTION_LABELS[shipment.inspection]} · {PARCEL_HANDOVER_LABELS[shipment.handover]}
        </dd>
        {shipment.attempts > 0 && (
          <>
            <dt>{t.attempts}</dt>
            <dd>{shipment.attempts}</dd>
          </>
        )}
        {shipment.expectedDelivery && (
          <>
            <dt>{t.expectedDelivery}</dt>
            <dd>{t.localDate(shipment.expectedDelivery)}</dd>
          </>
        )}
      </dl>
      <h4>{t.events}</h4>
      <ol className={styles.events} aria-label={t.events}>
        {shipment.events.map((event, index) => (
          <li key={`${event.at}-${index}`}>
            <strong>{event.statusLabel}</strong> · <time dateTime={event.at}>{t.stamp(event.at)}</time>
            {event.note && <span className={styles.muted}> — {event.note}</span>}
          </li>
        ))}
      </ol>
      <div className={styles.toolbar}>
        <label>
          <span>{t.labelSize}</span>
          <select value={size} onChange={(event) => setSize(event.target.value as LabelSize)}>
            {LABEL_SIZES.map((value) => (
              <option key={value} value={value}>
                {t.labelSizes[value]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className={styles.secondary} onClick={print}>
          {t.printLabel}
        </button>
        {cancellable && (
          <button type="button" className={styles.danger} onClick={() => setConfirming(true)}>
            {t.cancel}
          </button>
        )}
      </div>
      <p role="status" aria-live="polite" className={notice?.kind === 'failed' ? styles.error : styles.done}>
        {notice?.text ?? ''}
      </p>
      {confirming && (
        <ConfirmDialog title={t.cancelTitle(shipment.trackingCode)} confirmLabel={t.cancelConfirm} busyLabel={t.cancelBusy} cancelLabel={t.back} tone="danger" onConfirm={cancel} onClose={() => setConfirming(false)}>
          <p>{t.cancelHint}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
