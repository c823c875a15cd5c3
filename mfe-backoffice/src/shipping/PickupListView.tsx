import { useCallback, useState } from 'react';
import { vietnamDateOf } from 'shared-contracts/calendar';
import { LABEL_SIZES, type LabelSize } from 'shared-contracts/pricing';
import type { ShipmentView } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { ListingState } from '../components/DeskParts';
import { latestOf, useAsync } from '../hooks/useAsync';
import { shippingApi } from './shippingApi';
import { shippingText as t } from './shippingText';
import desk from '../components/DeskPanels.module.css';
import styles from './Shipping.module.css';

/** How many parcels each carrier takes that day, in the order they first appear. */
function countsOf(shipments: ShipmentView[]): { label: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const shipment of shipments) counts.set(shipment.carrierLabel, (counts.get(shipment.carrierLabel) ?? 0) + 1);
  return [...counts].map(([label, count]) => ({ label, count }));
}

/**
 * "Giao vận": the day's parcels to hand to the carriers (date picker, today by default), the count per carrier, a
 * checkbox per parcel and one PDF of the chosen labels ("In nhãn đã chọn") or of all ("In tất cả"). One column on a
 * phone, every control 44 px.
 */
export function PickupListView() {
  const [date, setDate] = useState(() => vietnamDateOf(new Date()));
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [size, setSize] = useState<LabelSize>('A5');
  const [failure, setFailure] = useState<string | null>(null);
  const [revision, setRevision] = useState(0);

  const read = useCallback((signal: AbortSignal) => shippingApi.pickups(date, signal), [date]);
  const listing = latestOf(useAsync(read, { failedText: t.pickupsFailed, reloadKey: revision }).state);
  const shipments = listing.status === 'ready' ? listing.data.shipments : [];
  // a parcel no longer listed (another day, cancelled) is no longer chosen
  const selected = shipments.filter((shipment) => chosen.has(shipment.id)).map((shipment) => shipment.id);
  const allChosen = shipments.length > 0 && selected.length === shipments.length;

  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const print = (ids: number[]) => {
    setFailure(null);
    shippingApi.openLabels(ids, size).catch((error: unknown) => setFailure(messageOf(error, t.labelFailed)));
  };

  return (
    <section className={desk.panel} aria-labelledby="pickups-heading">
      <h2 id="pickups-heading">{t.pickupsHeading}</h2>
      <div className={styles.toolbar}>
        <label>
          <span>{t.date}</span>
          <input
            type="date"
            value={date}
            onChange={(event) => {
              if (event.target.value) setDate(event.target.value);
              setChosen(new Set());
            }}
          />
        </label>
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
      </div>
      <ListingState listing={listing} loadingText={t.pickupsLoading} retryText={t.retry} onRetry={() => setRevision((value) => value + 1)} />
      {listing.status === 'ready' && shipments.length === 0 && <p>{t.noPickups}</p>}
      {shipments.length > 0 && (
        <>
          <ul className={styles.counts} aria-label={t.perCarrier}>
            {countsOf(shipments).map((entry) => (
              <li key={entry.label}>{t.carrierCount(entry.label, entry.count)}</li>
            ))}
          </ul>
          <div className={styles.toolbar}>
            <label className={styles.selectAll}>
              <input type="checkbox" checked={allChosen} onChange={() => setChosen(allChosen ? new Set() : new Set(shipments.map((shipment) => shipment.id)))} />
              {t.selectAll}
            </label>
            <button type="button" className={styles.primary} disabled={selected.length === 0} onClick={() => print(selected)}>
              {t.printSelected(selected.length)}
            </button>
            <button type="button" className={styles.secondary} onClick={() => print(shipments.map((shipment) => shipment.id))}>
              {t.printAll}
            </button>
          </div>
          {failure && (
            <p role="alert" className={styles.error}>
              {failure}
            </p>
          )}
          <ul className={styles.pickups}>
            {shipments.map((shipment) => (
              <li key={shipment.id}>
                <label>
                  <input type="checkbox" checked={chosen.has(shipment.id)} onChange={() => toggle(shipment.id)} aria-label={t.select(shipment.trackingCode)} />
                  <span>
                    <strong>{shipment.trackingCode}</strong> · {t.order} {shipment.orderCode}
                    <br />
                    <span className={styles.muted}>
                      {shipment.carrierLabel} · {shipment.serviceLabel} · {shipment.statusLabel} · {t.cod} {t.vnd(shipment.codAmount)}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
