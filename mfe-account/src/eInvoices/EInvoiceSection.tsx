import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { ApiError, formatVnd, messages } from 'shared-contracts';
import { formatCalendarDate, vietnamDateOf } from 'shared-contracts/calendar';
import { CopyableValue } from 'shared-contracts/react';
import type { CustomerEInvoice, Order } from 'shared-contracts/schemas';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { LoadFailure } from '../service/LoadFailure';
import { eInvoicesApi } from './eInvoicesApi';
import { eInvoicesText as t } from './eInvoicesText';
import styles from './EInvoices.module.css';

/**
 * The sale whose invoices are shown: a web order (invoiced once its goods are handed over: delivered or collected,
 * Decree 123/2020 Art. 9(1)) or a visit (invoiced once paid).
 */
export type EInvoiceSale = { kind: 'order'; code: string; handedOver: boolean } | { kind: 'visit'; appointmentId: number };

/** The web order's statuses at which its goods are the buyer's (the API's HANDED_OVER, eInvoiceRules). */
const HANDED_OVER: readonly Order['status'][] = ['DELIVERED', 'COMPLETED'];

export const orderHandedOver = (order: Pick<Order, 'status'>) => HANDED_OVER.includes(order.status);

/**
 * Whether the order's page shows its e-invoices: once paid or handed over. An order not sold (cancelled, or unpaid
 * and not handed over) has none to come.
 */
export const orderShowsEInvoices = (order: Pick<Order, 'status' | 'paymentStatus'>) =>
  order.status !== 'CANCELLED' && (order.paymentStatus !== 'UNPAID' || orderHandedOver(order));

type HeadingLevel = 2 | 3 | 4 | 5;

function Heading({ level, id, className, children }: { level: HeadingLevel | 6; id?: string; className?: string; children: ReactNode }) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}

type Issued = CustomerEInvoice & { pdfUrl: string };
const isIssued = (invoice: CustomerEInvoice): invoice is Issued => invoice.status === 'ISSUED' && invoice.pdfUrl !== null;

/**
 * While the section says an invoice is on its way, it reads them again every 3 s, 20 times at most: the API's worker
 * issues a new sale's invoice within seconds of the payment or the hand-over, and the customer watching the visit's
 * card or the order's page sees it come without reloading (a refused one, retried by the shop, waits for a reload).
 */
export const E_INVOICE_POLL_MS = 3_000;
export const E_INVOICE_POLLS = 20;

/** Whether the section shows an invoice still to come: none listed yet, or one not issued (not a web order not handed over). */
const awaitsIssue = (items: CustomerEInvoice[], sale: EInvoiceSale) =>
  !(sale.kind === 'order' && !sale.handedOver && !items.some(isIssued)) && (items.length === 0 || !items.every(isIssued));

/** 'Tải hóa đơn (PDF)': the file fetched with the session's token (as the receipt is), saved under its server name. */
function PdfButton({ invoice, describedBy }: { invoice: Issued; describedBy: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onClick = () => {
    setBusy(true);
    setError(null);
    eInvoicesApi
      .downloadPdf(invoice)
      .catch((failure: unknown) => setError(failure instanceof ApiError && failure.message ? failure.message : messages.errors.generic))
      .finally(() => setBusy(false));
  };
  return (
    <>
      <button type="button" className={styles.button} disabled={busy} aria-describedby={describedBy} onClick={onClick}>
        {busy ? t.downloading : t.download}
      </button>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </>
  );
}

function IssuedInvoice({ invoice, level }: { invoice: Issued; level: HeadingLevel | 6 }) {
  const titleId = useId();
  const numberId = useId();
  const adjustment = invoice.kind === 'ADJUSTMENT';
  return (
    <article className={styles.invoice} aria-labelledby={titleId} data-testid="e-invoice">
      <Heading level={level} id={titleId} className={styles.title}>
        {invoice.kindLabel}
      </Heading>
      <p id={numberId} className={styles.meta}>
        {invoice.series && invoice.number !== null && <span>{t.seriesNumber(invoice.series, invoice.number)}</span>}
        {invoice.issuedAt && <time dateTime={invoice.issuedAt}>{t.issuedOn(formatCalendarDate(vietnamDateOf(invoice.issuedAt)))}</time>}
      </p>
      <dl className={styles.facts}>
        {invoice.taxAuthorityCode && (
          <div>
            <dt>{t.taxAuthorityCode}:</dt>
            <dd className={styles.code}>{invoice.taxAuthorityCode}</dd>
          </div>
        )}
        {invoice.lookupCode && (
          <div>
            <dt>{t.lookupCode}:</dt>
            <dd className={styles.code}>
              <CopyableValue value={invoice.lookupCode} what={t.lookupCodeWhat} />
            </dd>
          </div>
        )}
        <div>
          <dt>{adjustment ? (invoice.gross < 0 ? t.decrease : t.increase) : t.amount}:</dt>
          <dd className={styles.amount} data-testid="e-invoice-amount">
            {formatVnd(invoice.gross)}
          </dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <PdfButton invoice={invoice} describedBy={`${titleId} ${numberId}`} />
        {invoice.lookupUrl && (
          <a href={invoice.lookupUrl} target="_blank" rel="noopener noreferrer" className={styles.link} aria-describedby={`${titleId} ${numberId}`}>
            {t.lookup}
            <span className={styles.visuallyHidden}> {t.newTab}</span>
          </a>
        )}
      </div>
    </article>
  );
}

/** An invoice sold but not issued yet: 'Đang phát hành', whatever went wrong on the way (the shop's to retry). */
function PendingInvoice({ invoice }: { invoice: CustomerEInvoice }) {
  return (
    <p className={styles.pending} data-testid="e-invoice-pending">
      <span>{invoice.kindLabel}</span>
      <span className={styles.badge}>{t.pending}</span>
    </p>
  );
}

function Invoices({ items, sale, level }: { items: CustomerEInvoice[]; sale: EInvoiceSale; level: HeadingLevel | 6 }) {
  // goods not handed over yet: their invoice (a draft, if any) waits for the delivery
  if (sale.kind === 'order' && !sale.handedOver && !items.some(isIssued)) return <p className={styles.muted}>{t.atHandOver}</p>;
  if (items.length === 0) return <p className={styles.muted}>{t.issuing}</p>;
  return (
    <ul className={styles.list} aria-label={t.listLabel}>
      {items.map((invoice) => (
        <li key={invoice.id}>{isIssued(invoice) ? <IssuedInvoice invoice={invoice} level={level} /> : <PendingInvoice invoice={invoice} />}</li>
      ))}
    </ul>
  );
}

interface Props {
  sale: EInvoiceSale;
  /** The section's heading level (its invoices' titles one below). Default 2. */
  headingLevel?: HeadingLevel;
  /** A new value reads the invoices again, keeping them on screen (the order delivered, the visit paid). */
  reloadKey?: unknown;
}

/**
 * "Hóa đơn điện tử" of a web order or a visit: each issued invoice (its kind, series and number, date, the tax
 * authority's code, the lookup code to copy, the amount — negative for an adjustment that gives money back — its PDF
 * and the provider's lookup page), an invoice on its way as 'Đang phát hành', or when it will come.
 */
export function EInvoiceSection({ sale, headingLevel = 2, reloadKey }: Props) {
  const code = sale.kind === 'order' ? sale.code : null;
  const appointmentId = sale.kind === 'visit' ? sale.appointmentId : null;
  const read = useCallback(
    (signal: AbortSignal) => (code !== null ? eInvoicesApi.ofOrder(code, signal) : eInvoicesApi.ofVisit(appointmentId!, signal)),
    [code, appointmentId],
  );
  // a failure says this section's own short text (never a provider's error), 'Thử lại' reads again
  const { state: loaded, reload } = useAsync(read, { reloadKey, describeFailure: () => t.loadFailed, failedText: t.loadFailed });
  const state = loadedOf(loaded);
  const headingId = useId();

  // an invoice on its way: read again, a bounded number of times (a new reloadKey, the sale paid or delivered, starts again)
  const waiting = state.status === 'ready' && awaitsIssue(state.data, sale);
  const [polls, setPolls] = useState({ key: reloadKey, count: 0 });
  if (polls.key !== reloadKey) setPolls({ key: reloadKey, count: 0 });
  useEffect(() => {
    if (!waiting || polls.count >= E_INVOICE_POLLS) return undefined;
    const timer = setTimeout(() => {
      setPolls((current) => ({ ...current, count: current.count + 1 }));
      reload('keep');
    }, E_INVOICE_POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, polls, reload]);

  return (
    <section className={styles.panel} aria-labelledby={headingId} data-testid="e-invoices">
      <Heading level={headingLevel} id={headingId} className={styles.heading}>
        {t.heading}
      </Heading>
      {state.status === 'loading' && (
        <p role="status" className={styles.muted}>
          {t.loading}
        </p>
      )}
      {state.status === 'failed' && <LoadFailure message={state.message} onRetry={() => reload('fresh')} />}
      {state.status === 'ready' && <Invoices items={state.data} sale={sale} level={(headingLevel + 1) as HeadingLevel | 6} />}
    </section>
  );
}
