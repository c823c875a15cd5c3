import { AreaPage } from '../components/AreaPage';
import { ProductCatalogue } from './ProductCatalogue';

/** /admin/catalogue: the admin edits the products. */
export function AdminCataloguePage() {
  return (
    <AreaPage area="admin" path="/admin/catalogue">
      <ProductCatalogue readOnly={false} />
    </AreaPage>
  );
}

/** /manager/catalogue: a manager reads the products, their prices and history (the server refuses their writes). */
export function ManagerCataloguePage() {
  return (
    <AreaPage area="manager" path="/manager/catalogue">
      <ProductCatalogue readOnly />
    </AreaPage>
  );
}
