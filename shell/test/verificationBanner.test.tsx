import { act, cleanup, screen } from '@testing-library/react';
import { sessionStore } from 'shared-contracts';
import { loadRemoteModule } from '../src/federation/remoteLoader';
import { fakeRemoteRoutes } from './remoteLoaderMock';
import { renderShell } from './renderShell';

jest.mock('../src/federation/remoteLoader', () => ({
  loadRemoteRoutes: jest.fn(async (remote: 'mfe_storefront' | 'mfe_account' | 'mfe_backoffice') => fakeRemoteRoutes(remote)),
  loadRemoteModule: jest.fn(async () => ({ default: () => <div role="region" aria-label="banner-from-account">chưa xác thực</div> })),
  resetRemote: jest.fn(async () => undefined),
}));

const loadModule = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;
const user = { id: '3', fullName: 'Võ Thị Cúc', email: 'cuc@example.vn', role: 'customer' as const, avatar: null };

describe('email-verification banner slot', () => {
  beforeEach(() => loadModule.mockClear());
  afterEach(() => {
    // unmount first: the session reset is for the next test, not a change for this one's screen to render
    cleanup();
    sessionStore.clear();
  });

  it('renders the banner mfe-account exposes, under the header, for an unverified user', async () => {
    sessionStore.save({ token: 't', refreshToken: null, user: { ...user, emailVerified: false } });
    renderShell('/');
    expect(await screen.findByRole('region', { name: 'banner-from-account' })).toBeInTheDocument();
    expect(loadModule).toHaveBeenCalledWith('mfe_account', './EmailVerificationBanner');
  });

  it('does not load it for a guest or a verified user', async () => {
    renderShell('/');
    await screen.findByRole('heading', { level: 1 });
    act(() => sessionStore.save({ token: 't', refreshToken: null, user: { ...user, emailVerified: true } }));
    expect(await screen.findByRole('link', { name: /Võ Thị Cúc/ })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1 });
    expect(loadModule).not.toHaveBeenCalled();
  });
});
