import { useState } from 'react';
import { ApiError, messages } from 'shared-contracts';
import { downloadApiFile } from '../../service/apiFiles';

/** 'Tải hóa đơn PDF' of the appointment's invoiced service order (GET /appointments/:id/service-order/invoice.pdf). */
export function InvoicePdfButton({ appointmentId, code, className }: { appointmentId: number; code: string; className?: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onClick = () => {
    setBusy(true);
    setError(null);
    downloadApiFile(`/appointments/${appointmentId}/service-order/invoice.pdf`, `hoa-don-${code}.pdf`)
      .catch((failure: unknown) => setError(failure instanceof ApiError && failure.message ? failure.message : messages.errors.generic))
      .finally(() => setBusy(false));
  };
  return (
    <>
      <button type="button" className={className} disabled={busy} onClick={onClick}>
        {busy ? 'Đang tải…' : 'Tải hóa đơn PDF'}
      </button>
      {error && <span role="alert">{error}</span>}
    </>
  );
}
