import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { sessionStore, type Role, type Session } from 'shared-contracts';
import { AdminDashboardPage, ManagerDashboardPage, StaffDashboardPage, WorkQueuePage } from '../pages';

/** A work area's page in its first view: the route, the role that opens it, the page as it renders before its data. */
interface FirstViewPage {
  path: string;
  file: string;
  role: Role;
  Page: ComponentType;
}

/** The build's asset base (scripts/webpack/createFirstViewConfig.mts), which the shell's server replaces. */
declare const __webpack_public_path__: string;

/** Each area's landing page (the technician's is the queue). */
const PAGES: FirstViewPage[] = [
  { path: '/technician/work-queue', file: 'technician-work-queue.html', role: 'technician', Page: WorkQueuePage },
  { path: '/staff', file: 'staff.html', role: 'staff', Page: StaffDashboardPage },
  { path: '/manager', file: 'manager.html', role: 'manager', Page: ManagerDashboardPage },
  { path: '/admin', file: 'admin.html', role: 'admin', Page: AdminDashboardPage },
];

/** A visitor of `role` the build does not know (no name, no token): nothing of a user reaches the markup. */
function neutralSession(role: Role): Session {
  return { token: '', refreshToken: null, user: { id: '', fullName: '', email: '', role, emailVerified: true, avatar: null } };
}

/**
 * The back office's first view (scripts/webpack/createFirstViewConfig.mts; docs/decisions/0040-signed-in-first-view.md):
 * each area's landing page as it renders before its data (the area's navigation, the page's heading, the blocks'
 * placeholders), and `routes.json` naming the page of each route. The shell's server fills them into the area's
 * work bar frame for a visitor with a stored session.
 */
export function renderFirstView(): Record<string, string> {
  const files: Record<string, string> = {};
  try {
    for (const { path, file, role, Page } of PAGES) {
      sessionStore.save(neutralSession(role));
      files[file] = renderToStaticMarkup(
        <MemoryRouter initialEntries={[path]}>
          <Page />
        </MemoryRouter>,
      );
    }
  } finally {
    sessionStore.clear();
  }
  files['routes.json'] = JSON.stringify({ assetBase: __webpack_public_path__, pages: PAGES.map(({ path, file }) => ({ path, file })) }, null, 2);
  return files;
}
