import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AdminCataloguePage, ManagerCataloguePage } from '../../src/catalogueAdmin/CataloguePages';
import { catalogueItemPage } from '../../src/catalogueAdmin/CatalogueItemPage';
import { CATALOGUE_KINDS } from '../../src/catalogueAdmin/catalogueLinks';
import { signIn } from '../partsRequestFixtures';

/**
 * The catalogue as the shell routes it (a data router, as in the app): the admin's and manager's list pages and every
 * item page (`/{area}/catalogue/{kind}/:id`), signed in as `role`, at `path` (the role's list by default).
 */
export function renderCatalogue(role: 'admin' | 'manager', path = `/${role}/catalogue`) {
  signIn(role);
  const router = createMemoryRouter(
    [
      { path: '/admin/catalogue', element: <AdminCataloguePage /> },
      { path: '/manager/catalogue', element: <ManagerCataloguePage /> },
      ...(['admin', 'manager'] as const).flatMap((area) =>
        CATALOGUE_KINDS.map((kind) => {
          const Page = catalogueItemPage(area, kind);
          return { path: `/${area}/catalogue/${kind}/:id`, element: <Page /> };
        }),
      ),
    ],
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  return { ...view, router };
}
