import { cleanup, screen, waitFor } from '@testing-library/react';
import { ROUTES, sessionStore } from 'shared-contracts';
import { fakeRemoteRoutes } from './remoteLoaderMock';
import { renderShell } from './renderShell';

jest.mock('../src/federation/remoteLoader', () => ({
  loadRemoteRoutes: jest.fn(async (remote: 'mfe_storefront' | 'mfe_account' | 'mfe_backoffice') => fakeRemoteRoutes(remote)),
  loadRemoteModule: jest.fn(async () => ({ default: () => null })),
  resetRemote: jest.fn(async () => undefined),
}));

function samplePath(pattern: string): string {
  return pattern.replace(':slug', 'pin-lithium-48v');
}

describe('shell routes', () => {
  afterEach(() => {
    // unmount first: the session reset is for the next test, not a change for this one's screen to render
    cleanup();
    sessionStore.clear();
  });

  it.each(ROUTES.filter((route) => !route.requiresLogin).map((route) => [route.path, route.owner] as const))(
    '%s is rendered by %s',
    async (path, owner) => {
      renderShell(samplePath(path));
      const heading = await screen.findByRole('heading', { level: 1 });
      expect(heading).toHaveAttribute('data-owner', owner);
      expect(heading).toHaveTextContent(path);
    },
  );

  it('shows the not-found page for an unknown path, inside the public layout', async () => {
    renderShell('/khong-co-trang-nay');
    expect(await screen.findByRole('heading', { name: 'Không tìm thấy trang' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Về trang chủ' })).toHaveAttribute('href', '/');
    expect(screen.getByText(/All rights reserved/)).toBeInTheDocument();
  });

  it.each(['/dashboard', '/my-vehicles', '/maintenance-history', '/loyalty'])('redirects %s to login with the path and query when there is no token', async (path) => {
    const { router } = renderShell(`${path}?tab=2&sort=moi-nhat`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    const redirect = new URLSearchParams(router.state.location.search).get('redirect');
    expect(redirect).toBe(`${path}?tab=2&sort=moi-nhat`);
  });

  it('lets a logged-in user into a guarded route', async () => {
    sessionStore.save({ token: 't', refreshToken: null, user: { id: '7', fullName: 'An', email: 'an@example.vn', role: 'customer', emailVerified: true, avatar: null } });
    const { router } = renderShell('/dashboard');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('/dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
