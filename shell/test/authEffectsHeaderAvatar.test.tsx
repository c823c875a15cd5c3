import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { eventBus, sessionStore, STORAGE_KEYS } from 'shared-contracts';
import { fakeRemoteRoutes } from './remoteLoaderMock';
import { renderShell } from './renderShell';

jest.mock('../src/federation/remoteLoader', () => ({
  loadRemoteRoutes: jest.fn(async (remote: 'mfe_storefront' | 'mfe_account' | 'mfe_backoffice') => fakeRemoteRoutes(remote)),
  loadRemoteModule: jest.fn(async () => ({ default: () => null })),
  resetRemote: jest.fn(async () => undefined),
}));

const user = { id: '42', fullName: 'Nguyễn Văn An', email: 'an@example.vn', role: 'customer' as const, emailVerified: true, avatar: null };

describe('the header avatar on the profile link', () => {
  afterEach(() => {
    // unmount first: the session reset is for the next test, not a change for this one's screen to render
    cleanup();
    sessionStore.clear();
  });

  it('shows the initials without a picture, then the picture published with auth/user-updated', async () => {
    sessionStore.save({ token: 't', refreshToken: 'r', user });
    renderShell('/');
    await screen.findByRole('heading', { level: 1 });
    const link = screen.getByRole('link', { name: /Nguyễn Văn An/ });
    expect(link).toHaveAttribute('href', '/profile');
    expect(screen.getByTestId('header-avatar')).toHaveTextContent('NA');

    act(() => eventBus.publish('auth/user-updated', { user: { ...user, avatar: '/media/avatars/42.webp' } }));

    const picture = screen.getByTestId('header-avatar');
    expect(picture.tagName).toBe('IMG');
    expect(picture).toHaveAttribute('src', '/media/avatars/42.webp');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!).avatar).toBe('/media/avatars/42.webp');
  });

  it('falls back to the initials when the picture cannot be loaded', async () => {
    sessionStore.save({ token: 't', refreshToken: 'r', user: { ...user, avatar: '/media/avatars/missing.webp' } });
    renderShell('/');
    await screen.findByRole('heading', { level: 1 });
    fireEvent.error(screen.getByTestId('header-avatar'));
    expect(screen.getByTestId('header-avatar')).toHaveTextContent('NA');
  });
});
