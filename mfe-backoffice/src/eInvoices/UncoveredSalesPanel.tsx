import { E_INVOICE_ACTIONS, E_INVOICE_STATUS_LABELS } from 'shared-contracts/backoffice';
import type { UncoveredSale, UncoveredSales } from 'shared-contracts/schemas';
import type { AsyncState } from '../hooks/useAsync';
import { formatInvoiceInstant, signedVnd } from './eInvoiceFormat';
import { eInvoiceText as t } from './eInvoiceText';
import desk from '../components/DeskPanels.module.css';
import styles from './EInvoices.module.css';

interface Props {
  state: AsyncState<UncoveredSales>;
  /** The invoice whose retry is under way. */
  busyId: number | null;
  onRetry: (invoiceId: number, saleCode: string) => void;
  onReload: () => void;
}

function SaleItem({ sale, busy, onRetry }: { sale: UncoveredSale; busy: boolean; onRetry: Props['onRetry'] }) {
  const { invoiceId } = sale;
  const headId = `e-invoice-sale-${sale.saleKind}-${sale.saleCode}`;
  return (
    <li className={styles.sale}>
      <p id={headId} className={styles.saleHead}>
        <strong>{sale.saleCode}</strong> · {t.saleKinds[sale.saleKind]}
      </p>
      <p>
        {t.paidAt} <time dateTime={sale.paidAt}>{formatInvoiceInstant(sale.paidAt)}</time> · {t.amount} <span className={styles.money}>{signedVnd(sale.amount)}</span>
      </p>
      <p>
        {t.invoiceStatus}:{' '}
        <span className={styles.status} data-status={sale.status ?? 'NONE'}>
          {sale.status ? E_INVOICE_STATUS_LABELS[sale.status] : t.noInvoice}
        </span>
      </p>
      {sale.lastError && (
        <p className={desk.error}>
          {t.lastError}: {sale.lastError}
        </p>
      )}
      {sale.status === 'FAILED' && invoiceId !== null && (
        <button type="button" className={desk.primary} disabled={busy} aria-describedby={headId} onClick={() => onRetry(invoiceId, sale.saleCode)}>
          {busy ? t.busy : E_INVOICE_ACTIONS.retry.label}
        </button>
      )}
    </li>
  );
}

/**
 * The daily check "Bán hàng chưa có hóa đơn" at the top of the desk: the sales paid (or handed over) longer than the
 * grace period ago without their issued invoice, the first of them with their invoice's status and error, and
 * "Gửi lại" for a failed one. Polled with the list: the last answer stays on screen while a poll runs or fails.
 */
export function UncoveredSalesPanel({ state, busyId, onRetry, onReload }: Props) {
  const check = state.data;
  return (
    <section className={desk.panel} aria-labelledby="e-invoice-check-heading" aria-busy={!check && !state.error}>
      <h2 id="e-invoice-check-heading">{t.checkHeading}</h2>
      <p className={styles.muted}>{t.checkIntro}</p>
      {!check && !state.error && <p>{t.checkLoading}</p>}
      {state.error && (
        <p role="alert" className={desk.error}>
          {state.error}{' '}
          <button type="button" className={styles.inlineButton} onClick={onReload}>
            {t.retryLoad}
          </button>
        </p>
      )}
      {check &&
        (check.total === 0 ? (
          <p className={desk.done}>{t.checkNone(check.graceMinutes)}</p>
        ) : (
          <div className={styles.alert}>
            <p role="alert" className={styles.alertText}>
              {t.checkFound(check.total, check.graceMinutes)}
            </p>
            {check.items.length < check.total && <p className={styles.muted}>{t.checkShown(check.items.length, check.total)}</p>}
            <ul className={styles.sales}>
              {check.items.map((sale) => (
                <SaleItem key={`${sale.saleKind}-${sale.saleCode}`} sale={sale} busy={sale.invoiceId !== null && sale.invoiceId === busyId} onRetry={onRetry} />
              ))}
            </ul>
          </div>
        ))}
      {check && <p className={styles.muted}>{t.checkedAt(formatInvoiceInstant(check.checkedAt))}</p>}
    </section>
  );
}
