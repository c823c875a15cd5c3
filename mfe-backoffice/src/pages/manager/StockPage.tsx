import { AreaPage } from '../../components/AreaPage';
import { StockWorkspace } from '../../inventory';
import { stockTransfersBelow } from '../../stockTransfers';

/** /manager/stock: the manager's own centre's stock, goods receipts, counts, the ledger and the stock transfers. */
export function ManagerStockPage() {
  return (
    <AreaPage area="manager" path="/manager/stock">
      <StockWorkspace below={stockTransfersBelow} />
    </AreaPage>
  );
}

export default ManagerStockPage;
