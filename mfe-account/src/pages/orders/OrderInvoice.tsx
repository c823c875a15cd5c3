import { useCallback, useState, type FormEvent } from 'react';
import { ApiError, messages } from 'shared-contracts';
import type { Order, VatInvoiceRequest } from 'shared-contracts/schemas';
import { useAsync } from '../../hooks/useAsync';
import { invoiceApi } from './invoiceApi';
import styles from './OrderInvoice.module.css';

export const invoiceText = {
  heading: 'Hóa đơn',
  download: 'Tải PDF',
  print: 'In hóa đơn',
  downloading: 'Đang tải…',
  company: 'Xuất hóa đơn công ty',
  companyHint: 'Gửi thông tin doanh nghiệp để nhận hóa đơn GTGT điện tử (đến hết tháng đặt đơn).',
  companyName: 'Tên công ty',
  taxCode: 'Mã số thuế',
  taxCodeHint: '10 chữ số, hoặc 13 chữ số dạng 0123456789-001 cho chi nhánh',
  address: 'Địa chỉ',
  email: 'Email nhận hóa đơn',
  send: 'Gửi yêu cầu',
  update: 'Cập nhật thông tin',
  sending: 'Đang gửi…',
  sent: 'Đã gửi yêu cầu xuất hóa đơn công ty.',
  requested: (request: VatInvoiceRequest) => `${request.companyName} · MST ${request.taxCode} · ${request.statusLabel}`,
} as const;

const paid = (order: Order) => order.paymentStatus !== 'UNPAID';
const errorMessage = (error: unknown) => (error instanceof ApiError && error.message ? error.message : messages.errors.generic);

type Fields = { companyName: string; taxCode: string; address: string; email: string };
const FIELDS: Array<[keyof Fields, string, string, number]> = [
  ['companyName', invoiceText.companyName, 'organization', 200],
  ['taxCode', invoiceText.taxCode, 'off', 20],
  ['address', invoiceText.address, 'street-address', 300],
  ['email', invoiceText.email, 'email', 254],
];

/** The company's details for a VAT invoice; the server checks them (tax code check digit, lengths) and names the field. */
function CompanyForm({ order, current, onSaved }: { order: Order; current: VatInvoiceRequest | null; onSaved: (request: VatInvoiceRequest) => void }) {
  const [fields, setFields] = useState<Fields>({
    companyName: current?.companyName ?? '',
    taxCode: current?.taxCode ?? '',
    address: current?.address ?? '',
    email: current?.email ?? '',
  });
  const [state, setState] = useState<{ busy: boolean; error: string | null; fieldErrors: Record<string, string> }>({ busy: false, error: null, fieldErrors: {} });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.busy) return;
    setState({ busy: true, error: null, fieldErrors: {} });
    try {
      onSaved(await invoiceApi.askVatInvoice(order.code, fields));
      setState({ busy: false, error: null, fieldErrors: {} });
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? Object.fromEntries(error.errors.map((entry) => [entry.field, entry.message])) : {};
      setState({ busy: false, error: errorMessage(error), fieldErrors });
    }
  };

  return (
    <form onSubmit={onSubmit} aria-label={invoiceText.company} noValidate>
      {FIELDS.map(([name, label, autoComplete, maxLength]) => (
        <div className={styles.field} key={name}>
          <label htmlFor={`vat-${name}`}>{label}</label>
          <input
            id={`vat-${name}`}
            name={name}
            type={name === 'email' ? 'email' : 'text'}
            inputMode={name === 'taxCode' ? 'numeric' : undefined}
            autoComplete={autoComplete}
            maxLength={maxLength}
            required
            value={fields[name]}
            aria-invalid={state.fieldErrors[name] ? true : undefined}
            aria-describedby={state.fieldErrors[name] ? `vat-${name}-error` : name === 'taxCode' ? 'vat-taxCode-hint' : undefined}
            onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
          />
          {name === 'taxCode' && !state.fieldErrors[name] && (
            <p id="vat-taxCode-hint" className={styles.muted}>
              {invoiceText.taxCodeHint}
            </p>
          )}
          {state.fieldErrors[name] && (
            <p id={`vat-${name}-error`} className={styles.error}>
              {state.fieldErrors[name]}
            </p>
          )}
        </div>
      ))}
      {state.error && (
        <p role="alert" className={styles.error}>
          {state.error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.button} disabled={state.busy}>
          {state.busy ? invoiceText.sending : current ? invoiceText.update : invoiceText.send}
        </button>
      </div>
    </form>
  );
}

/** On the order page: the receipt (download or print) once paid, and the company VAT-invoice request. */
export function OrderInvoice({ order }: { order: Order }) {
  // a new order keeps the request shown until its own answers; a failed read leaves it as it was
  const readRequest = useCallback((signal: AbortSignal) => invoiceApi.vatRequest(order.code, signal), [order.code]);
  const { state: requestLoad, setData } = useAsync(readRequest, { start: 'keep' });
  const request = requestLoad.data ?? null;
  const setRequest = (saved: VatInvoiceRequest) => setData(() => saved);
  const [formOpen, setFormOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setNotice(null);
    try {
      await action();
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  if (order.status === 'CANCELLED' && !paid(order)) return null;
  return (
    <section className={styles.panel} aria-labelledby="order-invoice-heading">
      <h2 id="order-invoice-heading">{invoiceText.heading}</h2>
      {paid(order) && (
        <div className={styles.actions}>
          <button type="button" className={styles.button} disabled={busy} onClick={() => void run(() => invoiceApi.downloadReceipt(order.code))}>
            {busy ? invoiceText.downloading : invoiceText.download}
          </button>
          <button type="button" className={styles.button} disabled={busy} onClick={() => void run(() => invoiceApi.printReceipt(order.code))}>
            {invoiceText.print}
          </button>
        </div>
      )}
      {request && <p data-testid="vat-request">{invoiceText.requested(request)}</p>}
      {notice && (
        <p role={notice.kind === 'error' ? 'alert' : 'status'} className={notice.kind === 'error' ? styles.error : styles.success}>
          {notice.text}
        </p>
      )}
      {order.status !== 'CANCELLED' && request?.status !== 'ISSUED' && (
        <>
          <p className={styles.muted}>{invoiceText.companyHint}</p>
          {formOpen ? (
            <CompanyForm
              order={order}
              current={request}
              onSaved={(saved) => {
                setRequest(saved);
                setFormOpen(false);
                setNotice({ kind: 'success', text: invoiceText.sent });
              }}
            />
          ) : (
            <div className={styles.actions}>
              <button type="button" className={styles.button} onClick={() => setFormOpen(true)}>
                {invoiceText.company}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
