import { Fragment, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { formatDateTime, formatVnd } from 'shared-contracts';
import { INVOICE_PAYMENT_METHOD_LABELS, INVOICE_PAYMENT_STATUS_LABELS, type InvoicePaymentMethod } from 'shared-contracts/backoffice';
import { chargedAmountOf, isCoveredPayer, LINE_PAYER_LABELS } from 'shared-contracts/pricing';
import type { InvoicePreview, ServiceOrderDetail, ServiceOrderLine } from 'shared-contracts/schemas';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { CashReceivedField, readCashReceived } from '../frontDesk';
import { messageOf } from '../api/apiErrors';
import { serviceOrdersApi } from './serviceOrdersApi';
import { serviceOrdersText } from './serviceOrdersText';
import { VatInvoicePanel } from '../invoices';
import { InvoicePoints } from './InvoicePoints';
import { invoicePointsText as pointsText } from './invoicePointsText';
import { InvoiceRefunds } from './InvoiceRefunds';
import { coveredRows, payerOf } from './linePayers';
import styles from './ServiceOrders.module.css';

const t = serviceOrdersText.invoice;
const d = serviceOrdersText.drawer;

interface Props {
  order: ServiceOrderDetail;
  /** Runs an action of the drawer: announces `done` on success (and reloads), explains a failure. True when done. */
  run: (work: () => Promise<unknown>, done: string) => Promise<boolean>;
}

interface LinesTableProps {
  lines: ServiceOrderLine[];
  caption: string;
  footer: Array<[string, number]>;
  /** What the drawer shows of a line's payer under its name (its select, or who pays it); a covered line's tag is always shown. */
  payerCell?: (line: ServiceOrderLine) => ReactNode;
}

/**
 * The lines of an order, an invoice or a preview, with their totals. A line the manufacturer's warranty or the centre
 * pays is tagged with its payer, its worth struck through above the 0 ₫ the customer pays.
 */
export function LinesTable({ lines, caption, footer, payerCell }: LinesTableProps) {
  return (
    <table className={styles.table}>
      <caption className={styles.visuallyHidden}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{d.lineName}</th>
          <th scope="col" className={styles.numeric}>
            {d.quantity}
          </th>
          <th scope="col" className={styles.numeric}>
            {d.unitPrice}
          </th>
          <th scope="col" className={styles.numeric}>
            {d.lineTotal}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => {
          const payer = payerOf(line);
          const covered = isCoveredPayer(payer);
          return (
            <tr key={line.id}>
              <th scope="row">
                {line.name} <span className={styles.muted}>({d.lineKind[line.kind] ?? line.kind})</span>
                {covered && <span className={`${styles.label} ${styles.labelCovered}`}>{LINE_PAYER_LABELS[payer]}</span>}
                {payerCell?.(line)}
              </th>
              <td className={styles.numeric}>{line.quantity}</td>
              <td className={styles.numeric}>{formatVnd(line.unitPrice)}</td>
              <td className={styles.numeric}>
                {covered ? (
                  <>
                    <s className={styles.struck}>
                      <span className={styles.visuallyHidden}>{d.lineWorth} </span>
                      {formatVnd(line.lineTotal)}
                    </s>
                    <span className={styles.charged}>
                      <span className={styles.visuallyHidden}>{d.customerPays} </span>
                      {formatVnd(chargedAmountOf(line))}
                    </span>
                  </>
                ) : (
                  formatVnd(line.lineTotal)
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        {footer.map(([label, amount]) => (
          <tr key={label}>
            <th scope="row" colSpan={3}>
              {label}
            </th>
            <td className={styles.numeric}>{formatVnd(amount)}</td>
          </tr>
        ))}
      </tfoot>
    </table>
  );
}

type Preview = { kind: 'closed' } | { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; preview: InvoicePreview };

/** S7: 'Lập hoá đơn' (the server's preview, then issue), then cash or VietQR confirmation. */
export function InvoicePayment({ order, run }: Props) {
  const [preview, setPreview] = useState<Preview>({ kind: 'closed' });
  const [previewTotal, setPreviewTotal] = useState<number | null>(null);
  const [showQr, setShowQr] = useState(false);
  const [confirming, setConfirming] = useState<InvoicePaymentMethod | null>(null);
  const [cashText, setCashText] = useState('');
  const [cashTried, setCashTried] = useState(false);
  const invoice = order.invoice;
  const canInvoice = order.availableActions.includes('invoice');
  const canConfirmPayment = order.availableActions.includes('confirmPayment');

  const openPreview = useCallback(async () => {
    setPreview({ kind: 'loading' });
    try {
      setPreview({ kind: 'ready', preview: await serviceOrdersApi.invoicePreview(order.id) });
    } catch (error) {
      setPreview({ kind: 'failed', message: messageOf(error, serviceOrdersText.loadFailed) });
    }
  }, [order.id]);

  // The order changed under an open preview (a line's payer set, someone else's change): read the preview again,
  // so the total the desk issues is the one it saw.
  const previewShown = preview.kind === 'ready';
  const previewVersion = useRef(order.version);
  useEffect(() => {
    if (previewVersion.current === order.version) return;
    previewVersion.current = order.version;
    if (previewShown) void openPreview();
  }, [order.version, previewShown, openPreview]);

  if (!invoice && !canInvoice) return null;

  const issue = async (total: number) => {
    const done = await run(() => serviceOrdersApi.issueInvoice(order.id), t.issuedPlain);
    if (done) {
      setPreviewTotal(total);
      setPreview({ kind: 'closed' });
    }
  };

  const confirmPayment = async (method: InvoicePaymentMethod) => {
    // Cash: an amount typed must be a number and cover the total; the server records it with the change.
    const cash = method === 'CASH' && invoice ? readCashReceived(cashText, invoice.total) : { kind: 'empty' as const };
    if (cash.kind === 'invalid' || cash.kind === 'short') {
      setCashTried(true);
      return;
    }
    await run(() => (cash.kind === 'enough' ? serviceOrdersApi.confirmPayment(order.id, method, cash.amount) : serviceOrdersApi.confirmPayment(order.id, method)), t.paid);
    setConfirming(null);
    setShowQr(false);
  };

  const openCash = () => {
    setCashText('');
    setCashTried(false);
    setConfirming('CASH');
  };

  return (
    <section className={styles.section} aria-labelledby={`invoice-${order.id}`}>
      <h3 id={`invoice-${order.id}`}>{t.heading}</h3>

      {!invoice && canInvoice && (
        <>
          {preview.kind === 'closed' && (
            <button type="button" className={styles.action} onClick={() => void openPreview()}>
              {t.create}
            </button>
          )}
          {preview.kind === 'loading' && <p>{t.previewLoading}</p>}
          {preview.kind === 'failed' && (
            <p className={styles.alert}>
              {preview.message}{' '}
              <button type="button" className={styles.secondary} onClick={() => void openPreview()}>
                {serviceOrdersText.retry}
              </button>
            </p>
          )}
          {preview.kind === 'ready' && (
            <div className={styles.form}>
              <h4 style={{ margin: 0 }}>{t.previewHeading}</h4>
              <LinesTable
                lines={preview.preview.lines}
                caption={t.previewHeading}
                footer={[
                  [t.subtotalServices, preview.preview.subtotalServices],
                  [t.subtotalParts, preview.preview.subtotalParts],
                  [t.packageDiscount, preview.preview.packageDiscount],
                  ...coveredRows(preview.preview.warrantyCovered, preview.preview.goodwillCovered),
                  [t.total, preview.preview.total],
                ]}
              />
              <div className={styles.buttons}>
                <button type="button" className={styles.action} onClick={() => void issue(preview.preview.total)}>
                  {t.issue}
                </button>
                <button type="button" className={styles.secondary} onClick={() => setPreview({ kind: 'closed' })}>
                  {t.cancelPreview}
                </button>
              </div>
            </div>
          )}
        </>
      )}

      {invoice && (
        <div className={styles.form}>
          <dl className={styles.facts}>
            <dt>{t.code}</dt>
            <dd>{invoice.code}</dd>
            <dt>{t.issuedAt}</dt>
            <dd>
              <time dateTime={invoice.issuedAt}>{formatDateTime(invoice.issuedAt)}</time>
            </dd>
            <dt>{t.subtotalServices}</dt>
            <dd>{formatVnd(invoice.subtotalServices)}</dd>
            <dt>{t.subtotalParts}</dt>
            <dd>{formatVnd(invoice.subtotalParts)}</dd>
            <dt>{t.packageDiscount}</dt>
            <dd>{formatVnd(invoice.packageDiscount)}</dd>
            {coveredRows(invoice.warrantyCovered, invoice.goodwillCovered).map(([label, amount]) => (
              <Fragment key={label}>
                <dt>{label}</dt>
                <dd>{formatVnd(amount)}</dd>
              </Fragment>
            ))}
            {invoice.pointsUsed > 0 && (
              <>
                <dt>{pointsText.line(invoice.pointsUsed)}</dt>
                <dd>−{formatVnd(invoice.pointsValue)}</dd>
              </>
            )}
            <dt>{t.total}</dt>
            <dd>
              <strong>{formatVnd(invoice.total)}</strong>
            </dd>
            <dt>{t.paymentStatus}</dt>
            <dd>{INVOICE_PAYMENT_STATUS_LABELS[invoice.paymentStatus]}</dd>
          </dl>
          {previewTotal !== null && previewTotal !== invoice.total && <p className={styles.alert}>{t.mismatch(formatVnd(invoice.total), formatVnd(previewTotal))}</p>}
          <VatInvoicePanel target={{ serviceOrderId: order.id }} pdfPath={`/service-orders/${order.id}/invoice.pdf`} />

          {invoice.paymentStatus === 'PAID' && invoice.paidAt && (
            <p>{t.paidAt(formatDateTime(invoice.paidAt), invoice.paymentMethod ? INVOICE_PAYMENT_METHOD_LABELS[invoice.paymentMethod] : '—')}</p>
          )}
          {invoice.paymentStatus === 'PAID' && <InvoiceRefunds orderId={order.id} />}

          {invoice.paymentStatus === 'UNPAID' && canConfirmPayment && <InvoicePoints key={`${invoice.id}-${invoice.pointsUsed}-${invoice.total}`} invoice={invoice} run={run} />}
          {invoice.paymentStatus === 'UNPAID' && canConfirmPayment && (
            <>
              <div className={styles.buttons}>
                <button type="button" className={styles.action} onClick={openCash}>
                  {t.cash}
                </button>
                <button type="button" className={styles.secondary} aria-expanded={showQr} onClick={() => setShowQr((value) => !value)}>
                  {t.vietQr}
                </button>
              </div>
              {showQr && (
                <div className={styles.qr}>
                  {invoice.vietQr ? (
                    <>
                      <img src={invoice.vietQr.imageDataUrl} alt={t.vietQrAlt(invoice.code)} />
                      <p className={styles.muted} style={{ margin: 0 }}>
                        {t.vietQrAmount(formatVnd(invoice.total))}
                        <br />
                        {t.vietQrContent(invoice.vietQr.content)}
                      </p>
                    </>
                  ) : (
                    <p className={styles.muted}>{t.vietQrUnavailable}</p>
                  )}
                  <button type="button" className={styles.action} onClick={() => setConfirming('VIETQR')}>
                    {t.vietQrReceived}
                  </button>
                </div>
              )}
            </>
          )}
        </div>
      )}

      {confirming && invoice && (
        <ConfirmDialog
          title={confirming === 'CASH' ? t.cashConfirmTitle(invoice.code) : t.vietQrConfirmTitle(invoice.code)}
          confirmLabel={confirming === 'CASH' ? t.cashConfirm : t.vietQrReceived}
          busyLabel={t.confirming}
          onClose={() => setConfirming(null)}
          onConfirm={() => confirmPayment(confirming)}
        >
          <p>{confirming === 'CASH' ? t.cashConfirmText(formatVnd(invoice.total)) : t.vietQrConfirmText(formatVnd(invoice.total))}</p>
          {confirming === 'CASH' && <CashReceivedField total={invoice.total} value={cashText} onChange={setCashText} showError={cashTried} />}
        </ConfirmDialog>
      )}
    </section>
  );
}
