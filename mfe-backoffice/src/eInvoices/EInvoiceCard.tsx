import { E_INVOICE_ACTIONS, eInvoiceActionAllowed, type EInvoiceAction } from 'shared-contracts/backoffice';
import type { EInvoice } from 'shared-contracts/schemas';
import { formatInvoiceInstant, signedVnd } from './eInvoiceFormat';
import { eInvoiceText as t } from './eInvoiceText';
import desk from '../components/DeskPanels.module.css';
import styles from './EInvoices.module.css';

const ACTIONS = Object.keys(E_INVOICE_ACTIONS) as EInvoiceAction[];

interface Props {
  invoice: EInvoice;
  /** The invoice whose action is under way: its buttons wait. */
  busy: boolean;
  onAction: (action: EInvoiceAction, invoice: EInvoice) => void;
  onPdf: (invoice: EInvoice) => void;
}

const orNone = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? t.none : String(value));

/**
 * One invoice of the list: its sale, kind and status in words, the buyer, the centre, the gross (negative for an
 * adjustment) and what it stands for after its adjustments, what the tax authority gave it, its last error and
 * attempts; the PDF once issued, the actions the machine allows, and the notices 04/SS-HĐĐT recorded for it.
 */
export function EInvoiceCard({ invoice, busy, onAction, onPdf }: Props) {
  const headingId = `e-invoice-${invoice.id}`;
  const actions = ACTIONS.filter((action) => eInvoiceActionAllowed(action, invoice));
  return (
    <article className={styles.card} aria-labelledby={headingId} data-status={invoice.status}>
      <div className={styles.cardHead}>
        <h3 id={headingId}>
          {invoice.saleCode} · {invoice.kindLabel}
        </h3>
        <span className={styles.status} data-status={invoice.status}>
          {invoice.statusLabel}
        </span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t.saleKind}</dt>
          <dd>{t.saleKinds[invoice.saleKind]}</dd>
        </div>
        <div>
          <dt>{t.buyer}</dt>
          <dd>{invoice.buyerName}</dd>
        </div>
        <div>
          <dt>{t.centre}</dt>
          <dd>{invoice.centreName ?? t.online}</dd>
        </div>
        <div>
          <dt>{t.gross}</dt>
          <dd className={styles.money}>{signedVnd(invoice.gross)}</dd>
        </div>
        {invoice.adjusted && (
          <div>
            <dt>{t.netGross}</dt>
            <dd className={styles.money}>{signedVnd(invoice.netGross)}</dd>
          </div>
        )}
        <div>
          <dt>{t.seriesNumber}</dt>
          <dd>{invoice.series || invoice.number !== null ? `${invoice.series ?? ''}/${invoice.number ?? ''}` : t.none}</dd>
        </div>
        <div>
          <dt>{t.taxAuthorityCode}</dt>
          <dd className={styles.code}>{orNone(invoice.taxAuthorityCode)}</dd>
        </div>
        <div>
          <dt>{t.lookupCode}</dt>
          <dd className={styles.code}>{orNone(invoice.lookupCode)}</dd>
        </div>
        <div>
          <dt>{t.issuedAt}</dt>
          <dd>{invoice.issuedAt ? <time dateTime={invoice.issuedAt}>{formatInvoiceInstant(invoice.issuedAt)}</time> : t.none}</dd>
        </div>
        <div>
          <dt>{t.attempts}</dt>
          <dd>{invoice.attempts}</dd>
        </div>
        {invoice.nextAttemptAt && (
          <div>
            <dt>{t.nextAttempt}</dt>
            <dd>
              <time dateTime={invoice.nextAttemptAt}>{formatInvoiceInstant(invoice.nextAttemptAt)}</time>
            </dd>
          </div>
        )}
        {invoice.lastError && (
          <div className={styles.wide}>
            <dt>{t.lastError}</dt>
            <dd className={desk.error}>{invoice.lastError}</dd>
          </div>
        )}
        {invoice.reason && (
          <div className={styles.wide}>
            <dt>{t.reason}</dt>
            <dd>{invoice.reason}</dd>
          </div>
        )}
      </dl>
      {invoice.correctsId !== null && <p className={styles.muted}>{t.corrects(invoice.correctsId)}</p>}
      {invoice.replaced && <p className={styles.muted}>{t.replaced}</p>}
      {(invoice.pdfUrl || actions.length > 0) && (
        <div className={desk.actionRow} role="group" aria-label={t.actionsOf(invoice.saleCode)}>
          {invoice.pdfUrl && (
            <button type="button" aria-label={t.pdfOf(invoice.saleCode)} onClick={() => onPdf(invoice)}>
              {t.pdf}
            </button>
          )}
          {actions.map((action) => (
            <button key={action} type="button" className={action === 'retry' ? desk.primary : undefined} disabled={busy} onClick={() => onAction(action, invoice)}>
              {busy && action === 'retry' ? t.busy : E_INVOICE_ACTIONS[action].label}
            </button>
          ))}
        </div>
      )}
      {invoice.notices.length > 0 && (
        <div className={styles.notices}>
          <h4>{t.notices}</h4>
          <ul>
            {invoice.notices.map((notice) => (
              <li key={notice.id}>{t.noticeBy(notice.reason, notice.by, formatInvoiceInstant(notice.at))}</li>
            ))}
          </ul>
        </div>
      )}
    </article>
  );
}
