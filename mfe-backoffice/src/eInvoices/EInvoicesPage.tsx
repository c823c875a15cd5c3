import { AreaPage } from '../components/AreaPage';
import { EInvoiceDesk } from './EInvoiceDesk';

/** /admin/e-invoices, "Hóa đơn điện tử": the owner's run of the sales' e-invoices. */
export function EInvoicesPage() {
  return (
    <AreaPage area="admin" path="/admin/e-invoices">
      <EInvoiceDesk />
    </AreaPage>
  );
}

export default EInvoicesPage;
