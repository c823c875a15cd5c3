// "Hóa đơn điện tử" (issue 64) at /admin/e-invoices: the daily check, the list and the owner's corrections.
export { EInvoicesPage } from './EInvoicesPage';
