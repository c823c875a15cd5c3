import { fireEvent, screen } from '@testing-library/react';
import { loadRemoteRoutes, RemoteLoadError } from '../src/federation/remoteLoader';
import { fakeRemoteRoutes } from './remoteLoaderMock';
import { renderShell } from './renderShell';

jest.mock('../src/federation/remoteLoader', () => {
  const actual = jest.requireActual('../src/federation/remoteLoader');
  return {
    RemoteLoadError: actual.RemoteLoadError,
    loadRemoteRoutes: jest.fn(),
    loadRemoteModule: jest.fn(async () => ({ default: () => null })),
    resetRemote: jest.fn(async () => undefined),
  };
});

const load = loadRemoteRoutes as jest.MockedFunction<typeof loadRemoteRoutes>;

describe('a remote that fails to load', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    load.mockReset();
  });

  it('shows a Vietnamese fallback in its area only, and retry recovers once it is back', async () => {
    let storefrontUp = false;
    load.mockImplementation(async (remote) => {
      if (remote === 'mfe_storefront' && !storefrontUp) throw new RemoteLoadError('unavailable', 'down');
      return fakeRemoteRoutes(remote);
    });
    renderShell('/products');
    expect(await screen.findByRole('alert')).toHaveTextContent('Không thể tải khu vực Cửa hàng. Vui lòng thử lại.');
    // header and footer keep working
    expect(screen.getByRole('navigation', { name: 'Điều hướng chính' })).toBeInTheDocument();
    expect(screen.getByText(/All rights reserved/)).toBeInTheDocument();

    storefrontUp = true;
    fireEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('mfe_storefront /products');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the configuration is invalid when the remotes manifest is malformed', async () => {
    load.mockRejectedValue(new RemoteLoadError('manifest', 'bad'));
    renderShell('/about');
    expect(await screen.findByRole('alert')).toHaveTextContent('Cấu hình ứng dụng không hợp lệ');
  });

  it('keeps a crash while rendering a page inside its area', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    load.mockImplementation(async (remote) => ({
      pages: fakeRemoteRoutes(remote).pages.map((page) =>
        page.path === '/contact'
          ? {
              ...page,
              Component: () => {
                throw new Error('boom');
              },
            }
          : page,
      ),
    }));
    renderShell('/contact');
    expect(await screen.findByRole('alert')).toHaveTextContent('Không thể tải khu vực Cửa hàng');
    expect(screen.getByRole('navigation', { name: 'Điều hướng chính' })).toBeInTheDocument();
  });
});
