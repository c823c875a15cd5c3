import { AreaPage } from '../../components/AreaPage';
import { StockWorkspace } from '../../inventory';

/** /admin/stock: every location's stock (the online warehouse first), goods receipts, counts and the ledger. */
export function AdminStockPage() {
  return (
    <AreaPage area="admin" path="/admin/stock">
      <StockWorkspace />
    </AreaPage>
  );
}

export default AdminStockPage;
