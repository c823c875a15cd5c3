import { useCallback, useEffect, useRef, useState } from 'react';
import { formatDateTime, formatVnd } from 'shared-contracts';
import { PAYMENT_EXCEPTION_ACTION_LABELS, type PaymentExceptionAction } from 'shared-contracts/pricing';
import type { PaymentExceptionDetail } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { latestOf, useAsync } from '../hooks/useAsync';
import { PaymentExceptionActionDialog } from './PaymentExceptionActionDialog';
import { paymentExceptionsApi } from './paymentExceptionsApi';
import { paymentExceptionText as t } from './paymentExceptionText';
import desk from '../components/DeskPanels.module.css';
import styles from './PaymentExceptions.module.css';

interface Props {
  id: number;
  /** Raised by the queue on every live change: the open transfer is read again. */
  revision: number;
  onChanged: () => void;
  onClose: () => void;
}

/**
 * One transfer of the queue: amount, content, the raw body received, the reason, the order it names or the one
 * suggested, its history and refunds, and the actions its state allows (each in a confirmation dialog). A 409
 * (someone resolved it meanwhile) is explained and the transfer read again.
 */
export function PaymentExceptionDetailPanel({ id, revision, onChanged, onClose }: Props) {
  const [open, setOpen] = useState<PaymentExceptionAction | null>(null);
  const [notice, setNotice] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // another transfer starts afresh; a live change reads this one again, keeping it on screen; a failure replaces it
  const read = useCallback((signal: AbortSignal) => paymentExceptionsApi.detail(id, signal), [id]);
  const { state, setData } = useAsync(read, { failedText: t.detailFailed, reloadKey: revision });
  const loaded = latestOf(state);

  useEffect(() => {
    heading.current?.focus();
    setNotice(null);
    setOpen(null);
  }, [id]);

  const data = loaded.status === 'ready' ? loaded.data : null;

  /** The dialog's outcome: done (the new state shown), or a 409 (explained, read again); other errors stay in the dialog. */
  const finished = (result: { data: PaymentExceptionDetail } | { conflict: unknown }) => {
    setOpen(null);
    if ('data' in result) {
      setData(() => result.data);
      setNotice({ kind: 'done', text: t.done });
    } else {
      setNotice({ kind: 'failed', text: messageOf(result.conflict, t.conflict) });
    }
    // the queue reads itself again and raises `revision`: a 409's transfer is read again with it, once
    onChanged();
  };

  return (
    <section className={desk.panel} aria-labelledby="payment-exception-detail-heading">
      <div className={desk.headingRow}>
        <h2 id="payment-exception-detail-heading" ref={heading} tabIndex={-1}>
          {data ? `${formatVnd(data.amount)} · ${data.providerLabel}` : t.heading}
        </h2>
        <button type="button" onClick={onClose}>
          {t.close}
        </button>
      </div>
      {notice && (
        <p role={notice.kind === 'failed' ? 'alert' : 'status'} className={notice.kind === 'failed' ? desk.error : desk.done}>
          {notice.text}
        </p>
      )}
      {loaded.status === 'loading' && <p>{t.loading}</p>}
      {loaded.status === 'failed' && (
        <p role="alert" className={desk.error}>
          {loaded.message}
        </p>
      )}
      {data && (
        <>
          <dl className={styles.facts}>
            <dt>{t.reason}</dt>
            <dd>
              <span className={styles.badge} data-reason={data.reason ?? undefined}>
                {data.reasonLabel}
              </span>
            </dd>
            <dt>{t.amount}</dt>
            <dd>{formatVnd(data.amount)}</dd>
            <dt>{t.content}</dt>
            <dd className={styles.content}>{data.content}</dd>
            <dt>{t.codeFound}</dt>
            <dd>{data.orderCodeFound ?? t.noOrder}</dd>
            <dt>{data.orderSuggested ? t.suggested : t.order}</dt>
            <dd>
              {data.order ? (
                <>
                  <strong>{data.order.code}</strong> · {formatVnd(data.order.total)} · {data.order.statusLabel} · {data.order.paymentStatusLabel}
                  <br />
                  <span className={styles.muted}>{data.order.recipientName}</span>
                </>
              ) : (
                t.noOrder
              )}
            </dd>
            <dt>{t.provider}</dt>
            <dd>
              {data.providerLabel} · {t.providerRef} {data.providerRef}
            </dd>
            <dt>{t.bankReference}</dt>
            <dd>{data.bankReference ?? t.noOrder}</dd>
            <dt>{t.transferred}</dt>
            <dd>{data.transferredAt ? formatDateTime(data.transferredAt) : t.noOrder}</dd>
            <dt>{t.received}</dt>
            <dd>{formatDateTime(data.receivedAt)}</dd>
            {data.resolution && (
              <>
                <dt>{t.resolution}</dt>
                <dd>
                  {data.resolutionLabel}
                  {t.by(data.resolvedBy)}
                  {data.resolvedAt ? ` · ${formatDateTime(data.resolvedAt)}` : ''}
                  {data.resolutionNote ? ` · ${data.resolutionNote}` : ''}
                </dd>
              </>
            )}
          </dl>

          {data.availableActions.length === 0 ? (
            <p className={styles.muted}>{t.noActions}</p>
          ) : (
            <div className={desk.actionRow}>
              {data.availableActions.map((action) => (
                <button key={action} type="button" className={action === 'dismiss' ? styles.secondary : desk.primary} onClick={() => setOpen(action)}>
                  {PAYMENT_EXCEPTION_ACTION_LABELS[action]}
                </button>
              ))}
            </div>
          )}

          {data.refunds.length > 0 && (
            <>
              <h3>{t.refunds}</h3>
              <ul className={desk.plainList}>
                {data.refunds.map((refund) => (
                  <li key={refund.at}>
                    {formatVnd(refund.amount)} · {refund.methodLabel}
                    {refund.bankReference ? ` · ${refund.bankReference}` : ''} · {refund.reason}
                    {t.by(refund.by)} · <time dateTime={refund.at}>{formatDateTime(refund.at)}</time>
                  </li>
                ))}
              </ul>
            </>
          )}
          {data.events.length > 0 && (
            <>
              <h3>{t.history}</h3>
              <ol className={desk.plainList}>
                {data.events.map((event) => (
                  <li key={`${event.action}-${event.at}`}>
                    {event.actionLabel}
                    {t.by(event.actor)} · <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                    {event.note ? ` · ${event.note}` : ''}
                  </li>
                ))}
              </ol>
            </>
          )}
          <details className={styles.raw}>
            <summary>{t.raw}</summary>
            <pre>{data.rawPayload}</pre>
          </details>
          {open && <PaymentExceptionActionDialog action={open} detail={data} onFinished={finished} onClose={() => setOpen(null)} />}
        </>
      )}
    </section>
  );
}
