import { useCallback, useEffect, useRef, useState } from 'react';
import { formatDateTime, formatVnd } from 'shared-contracts';
import type { WebOrderActionInput, WebOrderDetail } from 'shared-contracts/schemas';
import { isConflict, messageOf } from '../api/apiErrors';
import { latestOf, useAsync } from '../hooks/useAsync';
import { VatInvoicePanel } from '../invoices';
import { carrierShipmentOf, WebOrderShipping } from '../shipping';
import { PackingSlip } from './PackingSlip';
import { WebOrderActions } from './WebOrderActions';
import { WebOrderPaymentBlock } from './WebOrderPaymentBlock';
import { webOrdersApi } from './webOrdersApi';
import { webOrderText as t } from './webOrderText';
import desk from '../components/DeskPanels.module.css';
import styles from './WebOrders.module.css';

interface Props {
  code: string;
  /** Raised by the desk on every live change: the open order is read again. */
  revision: number;
  onChanged: () => void;
  onClose: () => void;
  /** The close button's text: "Đóng" beside the list, "Quay lại danh sách" on a phone where it replaces the list. */
  closeText?: string;
}

/**
 * One web order: lines, customer, address, payment, the timeline (who and when), internal notes, the actions
 * the machine allows and the packing slip. A 409 (someone changed the order meanwhile) is explained and the
 * order read again, so the next click starts from what is true now.
 */
export function WebOrderDetailPanel({ code, revision, onChanged, onClose, closeText = t.close }: Props) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  const [note, setNote] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  // another order starts afresh; a live change reads this one again, keeping it on screen; a failure replaces it
  const read = useCallback((signal: AbortSignal) => webOrdersApi.detail(code, signal), [code]);
  const { state, reload, setData } = useAsync(read, { failedText: t.detailFailed, reloadKey: revision });
  const loaded = latestOf(state);

  useEffect(() => {
    heading.current?.focus();
    setNotice(null);
    setActionError(null);
  }, [code]);

  const run = async (work: () => Promise<WebOrderDetail>) => {
    setBusy(true);
    setNotice(null);
    setActionError(null);
    try {
      const data = await work();
      setData(() => data);
      setNotice({ kind: 'done', text: t.done });
      onChanged();
      return true;
    } catch (error) {
      setActionError(error);
      setNotice({ kind: 'failed', text: isConflict(error) ? `${messageOf(error, t.conflict)}` : messageOf(error, t.detailFailed) });
      if (isConflict(error)) reload();
      return false;
    } finally {
      setBusy(false);
    }
  };
  const act = (input: WebOrderActionInput) => void run(() => webOrdersApi.act(code, input));
  const addNote = async (event: React.FormEvent) => {
    event.preventDefault();
    if (note.trim() && (await run(() => webOrdersApi.note(code, note.trim())))) setNote('');
  };

  const data = loaded.status === 'ready' ? loaded.data : null;
  const order = data?.order;

  return (
    <section className={desk.panel} aria-labelledby="web-order-detail-heading">
      <div className={desk.headingRow}>
        <h2 id="web-order-detail-heading" ref={heading} tabIndex={-1}>
          {code}
        </h2>
        <button type="button" onClick={onClose}>
          {closeText}
        </button>
      </div>
      <p role="status" aria-live="polite" className={notice?.kind === 'failed' ? desk.error : desk.done}>
        {notice?.text ?? ''}
      </p>
      {loaded.status === 'loading' && <p>{t.loading}</p>}
      {loaded.status === 'failed' && (
        <p role="alert" className={desk.error}>
          {loaded.message}{' '}
          <button type="button" onClick={() => reload()}>
            {t.retry}
          </button>
        </p>
      )}
      {data && order && (
        <>
          <p>
            <span className={styles.badge} data-status={order.status}>
              {order.statusLabel}
            </span>{' '}
            · {order.paymentStatusLabel}
          </p>
          <h3>{t.actions}</h3>
          <WebOrderActions key={`${code}-${data.version}`} detail={data} busy={busy} error={actionError} onAct={act} />

          <h3>{t.lines}</h3>
          <ul className={desk.plainList}>
            {order.lines.map((line, index) => (
              <li key={`${line.refId}-${index}`}>
                {line.name} × {line.quantity} — {formatVnd(line.lineTotal)}
              </li>
            ))}
          </ul>
          {/* total = subtotal − discount (the code's, goods and shipping) + shipping fee − what the points paid */}
          <dl className={styles.money} aria-label={t.totals}>
            <dt>{t.subtotal}</dt>
            <dd>{formatVnd(order.subtotal)}</dd>
            {order.discount > 0 && (
              <>
                <dt>{t.discount(order.promotionCode)}</dt>
                <dd>−{formatVnd(order.discount)}</dd>
              </>
            )}
            <dt>{t.shippingFee}</dt>
            <dd>{formatVnd(order.shippingFee)}</dd>
            {(order.pointsValue ?? 0) > 0 && (
              <>
                <dt>{t.points(order.pointsUsed ?? 0)}</dt>
                <dd>−{formatVnd(order.pointsValue ?? 0)}</dd>
              </>
            )}
            <dt>{t.total}</dt>
            <dd>
              <strong>{formatVnd(order.total)}</strong>
            </dd>
          </dl>

          <h3>{t.customerHeading}</h3>
          <p>
            {data.customer.fullName} · {data.customer.email}
            <br />
            {order.recipientName} – {order.phone}
            <br />
            {order.fulfilment.address
              ? `${t.delivery}: ${order.fulfilment.address.street}, ${order.fulfilment.address.ward}, ${order.fulfilment.address.province}`
              : `${t.pickup}: ${order.fulfilment.centre?.name ?? ''}`}
          </p>

          <WebOrderPaymentBlock detail={data} />
          <WebOrderShipping key={code} detail={data} onChanged={onChanged} onConflict={() => reload()} />
          {/* a parcel shipped by hand before the carriers' waybills: the carrier and code typed at "Giao hàng" */}
          {data.shipment && !carrierShipmentOf(data) && (
            <>
              <h3>{t.shipment}</h3>
              <p>
                {data.shipment.carrierLabel}
                {data.shipment.trackingCode && ` · ${data.shipment.trackingCode}`}
                {data.shipment.trackingUrl && (
                  <>
                    {' · '}
                    <a href={data.shipment.trackingUrl} target="_blank" rel="noreferrer">
                      {t.tracking}
                    </a>
                  </>
                )}
              </p>
            </>
          )}

          <VatInvoicePanel target={{ orderCode: data.order.code }} pdfPath={data.order.paymentStatus === 'UNPAID' ? null : `/orders/${data.order.code}/receipt.pdf`} />

          <h3>{t.timeline}</h3>
          <ol className={styles.timeline}>
            {data.timeline.map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                <strong>{entry.label}</strong> — {entry.statusLabel}
                <br />
                <span className={styles.muted}>
                  {t.by(entry.actor.name, entry.actor.kind)} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </span>
                {entry.note && <p className={styles.note}>{entry.note}</p>}
              </li>
            ))}
          </ol>

          <h3>{t.notes}</h3>
          {data.notes.length === 0 && <p className={styles.muted}>{t.noNotes}</p>}
          <ul className={desk.plainList}>
            {data.notes.map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                {entry.text}
                <br />
                <span className={styles.muted}>
                  {entry.author ?? ''} · {formatDateTime(entry.at)}
                </span>
              </li>
            ))}
          </ul>
          <form onSubmit={addNote} className={styles.actionForm}>
            <label>
              <span>{t.noteLabel}</span>
              <textarea value={note} onChange={(event) => setNote(event.target.value)} maxLength={1000} />
            </label>
            <button type="submit" disabled={busy || !note.trim()}>
              {t.addNote}
            </button>
          </form>

          <div className={desk.actionRow}>
            <button type="button" onClick={() => window.print()}>
              {t.printSlip}
            </button>
          </div>
          <PackingSlip detail={data} />
        </>
      )}
    </section>
  );
}
