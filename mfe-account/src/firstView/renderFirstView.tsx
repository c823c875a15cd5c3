import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { sessionStore, type Session } from 'shared-contracts';
import { DashboardPage } from '../pages/dashboard/DashboardPage';
import { MyVehiclesPage } from '../pages/vehicles/MyVehiclesPage';
import { AccountProvider } from '../store/AccountProvider';

/** A signed-in page's first view: the route it serves and the page as it renders before its data. */
interface FirstViewPage {
  path: string;
  file: string;
  Page: ComponentType;
}

/** The build's asset base (scripts/webpack/createFirstViewConfig.mts), which the shell's server replaces. */
declare const __webpack_public_path__: string;

const PAGES: FirstViewPage[] = [
  { path: '/dashboard', file: 'dashboard.html', Page: DashboardPage },
  { path: '/my-vehicles', file: 'my-vehicles.html', Page: MyVehiclesPage },
];

/**
 * A visitor the build does not know (no name, no token): the pages render their signed-in form, before any data,
 * with nothing of a user in them.
 */
const NEUTRAL_SESSION: Session = {
  token: '',
  refreshToken: null,
  user: { id: '', fullName: '', email: '', role: 'customer', emailVerified: true, avatar: null },
};

/**
 * The account's first view (scripts/webpack/createFirstViewConfig.mts; docs/decisions/0040-signed-in-first-view.md):
 * the customer's busiest pages as they render before their data (the intro, the shortcuts, the blocks' placeholders),
 * and `routes.json` naming the page of each route. The shell's server fills them into its signed-in frame for a
 * visitor with a stored session.
 */
export function renderFirstView(): Record<string, string> {
  const files: Record<string, string> = {};
  sessionStore.save(NEUTRAL_SESSION);
  try {
    for (const { path, file, Page } of PAGES) {
      files[file] = renderToStaticMarkup(
        <MemoryRouter initialEntries={[path]}>
          <AccountProvider>
            <Page />
          </AccountProvider>
        </MemoryRouter>,
      );
    }
  } finally {
    sessionStore.clear();
  }
  files['routes.json'] = JSON.stringify({ assetBase: __webpack_public_path__, pages: PAGES.map(({ path, file }) => ({ path, file })) }, null, 2);
  return files;
}
