import { AreaPage } from '../components/AreaPage';
import { CatalogueTabs } from './CatalogueTabs';

/** /admin/catalogue: the admin edits the products, services, packages, promotions, categories and brands. */
export function AdminCataloguePage() {
  return (
    <AreaPage area="admin" path="/admin/catalogue">
      <CatalogueTabs readOnly={false} />
    </AreaPage>
  );
}

/** /manager/catalogue: a manager reads the products, services, packages, promotions, categories and brands (the server refuses their writes). */
export function ManagerCataloguePage() {
  return (
    <AreaPage area="manager" path="/manager/catalogue">
      <CatalogueTabs readOnly />
    </AreaPage>
  );
}
