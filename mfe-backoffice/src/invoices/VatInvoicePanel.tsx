import { useCallback, useState } from 'react';
import { apiClient, readData } from 'shared-contracts';
import { downloadApiFile, openApiFile } from '../api/apiFiles';
import type { VatInvoiceRequest } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { useAsync } from '../hooks/useAsync';
import styles from './VatInvoicePanel.module.css';

export const vatInvoiceText = {
  heading: 'Hóa đơn',
  print: 'In hóa đơn (PDF)',
  download: 'Tải PDF',
  company: 'Khách yêu cầu hóa đơn công ty',
  noCompany: 'Khách chưa yêu cầu hóa đơn công ty.',
  taxCode: 'MST',
  xml: 'Tải XML (Thông tư 78)',
  pending: 'Hóa đơn điện tử ghi tên công ty được phát hành tự động: khi giao hàng hoặc hoàn tất dịch vụ, hoặc bằng hóa đơn thay thế nếu hóa đơn đã phát hành.',
  issued: (ref: string) => `Đã xuất: ${ref}`,
  failed: 'Không thực hiện được. Vui lòng thử lại.',
} as const;

interface Props {
  /** The web order's code, or the service order's id, whose company request is shown. */
  target: { orderCode: string } | { serviceOrderId: number };
  /** The API path of the receipt or invoice PDF, or null while there is none (an unpaid order). */
  pdfPath: string | null;
}

const queryOf = (target: Props['target']) => ('orderCode' in target ? `orderCode=${encodeURIComponent(target.orderCode)}` : `serviceOrderId=${target.serviceOrderId}`);

/** How often the company's request is read again: its e-invoice's issue shows without reloading. */
export const VAT_REQUEST_POLL_MS = 20_000;

/**
 * On a web order's or a service order's detail: print or download its receipt/invoice PDF, the company's VAT
 * request if the customer made one and its Circular 78 XML. The e-invoice in the company's name is issued by the
 * e-invoice queue from the sale; the request says so, then shows the invoice's series and number.
 */
export function VatInvoicePanel({ target, pdfPath }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const query = queryOf(target);

  // the company's request, if any: a failed read shows none (the receipt's buttons do not depend on it)
  const read = useCallback(
    async (signal: AbortSignal) => (await readData<VatInvoiceRequest[]>(apiClient.get(`/vat-invoice-requests?${query}`, { signal })))[0] ?? null,
    [query],
  );
  const { state } = useAsync(read, { poll: { everyMs: VAT_REQUEST_POLL_MS } });
  const request = state.data ?? null;

  const run = (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    action()
      .catch((failure: unknown) => setError(messageOf(failure, vatInvoiceText.failed)))
      .finally(() => setBusy(false));
  };

  return (
    <section className={styles.panel} aria-label={vatInvoiceText.heading}>
      <h3>{vatInvoiceText.heading}</h3>
      {pdfPath && (
        <div className={styles.buttons}>
          <button type="button" disabled={busy} onClick={() => run(() => openApiFile(pdfPath))}>
            {vatInvoiceText.print}
          </button>
          <button type="button" disabled={busy} onClick={() => run(() => downloadApiFile(pdfPath, 'hoa-don.pdf'))}>
            {vatInvoiceText.download}
          </button>
        </div>
      )}
      {request ? (
        <div data-testid="vat-invoice-request">
          <p>
            <strong>{vatInvoiceText.company}</strong> · {request.statusLabel}
          </p>
          <p>
            {request.companyName} · {vatInvoiceText.taxCode} {request.taxCode}
            <br />
            {request.address} · {request.email}
          </p>
          {request.providerRef ? <p>{vatInvoiceText.issued(request.providerRef)}</p> : <p className={styles.muted}>{vatInvoiceText.pending}</p>}
          {pdfPath && (
            <div className={styles.buttons}>
              <button type="button" disabled={busy} onClick={() => run(() => downloadApiFile(`/vat-invoice-requests/${request.id}/xml`, `hoa-don-${request.id}.xml`))}>
                {vatInvoiceText.xml}
              </button>
            </div>
          )}
        </div>
      ) : (
        <p className={styles.muted}>{vatInvoiceText.noCompany}</p>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </section>
  );
}
