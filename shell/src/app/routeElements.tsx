import type { RouteObject } from 'react-router-dom';
import { ROUTES, type LayoutName, type RouteContract } from 'shared-contracts';
import { RequireLogin } from '../auth/RequireLogin';
import { useSession } from '../auth/useSession';
import { AuthLayout } from '../layouts/AuthLayout';
import { PublicLayout } from '../layouts/PublicLayout';
import { RoleLayout } from '../layouts/RoleLayout';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { RemotePage } from '../remote-area/RemotePage';
import { AppRoot } from './AppRoot';

/** Home is re-created per user id, or for a guest (spec §2). */
function HomeRoute({ route }: { route: RouteContract }) {
  const session = useSession();
  return <RemotePage key={session?.user.id ?? 'guest'} remote={route.owner} path={route.path} />;
}

function routeElement(route: RouteContract) {
  if (route.path === '/') return <HomeRoute route={route} />;
  const page = <RemotePage key={route.path} remote={route.owner} path={route.path} />;
  return route.requiresLogin ? <RequireLogin>{page}</RequireLogin> : page;
}

function childrenOf(layout: LayoutName, routes: readonly RouteContract[]): RouteObject[] {
  return routes.filter((route) => route.layout === layout).map((route) => ({ path: route.path, element: routeElement(route) }));
}

/** The shell's one route table: every spec route, in its layout, rendered by the remote that owns it. */
export function buildRoutes(routes: readonly RouteContract[] = ROUTES): RouteObject[] {
  return [
    {
      element: <AppRoot />,
      children: [
        { element: <PublicLayout />, children: [...childrenOf('public', routes), { path: '*', element: <NotFoundPage /> }] },
        { element: <AuthLayout />, children: childrenOf('auth', routes) },
        { element: <RoleLayout area="staff" />, children: childrenOf('staff', routes) },
        { element: <RoleLayout area="manager" />, children: childrenOf('manager', routes) },
        { element: <RoleLayout area="technician" />, children: childrenOf('technician', routes) },
        { element: <RoleLayout area="admin" />, children: childrenOf('admin', routes) },
      ],
    },
  ];
}
