import type { RemoteName, RemoteRoutesModule } from 'shared-contracts';
import { ROUTES } from 'shared-contracts';

/** Pages that say which remote rendered them, for every route of the table. */
export function fakeRemoteRoutes(remote: RemoteName): RemoteRoutesModule {
  return {
    pages: ROUTES.filter((route) => route.owner === remote).map((route) => ({
      path: route.path,
      title: `Trang ${route.path}`,
      Component: () => (
        <h1 data-owner={remote}>
          {remote} {route.path}
        </h1>
      ),
    })),
  };
}
