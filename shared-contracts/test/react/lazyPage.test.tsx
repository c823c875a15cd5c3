import { Component, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazyPage } from '../../src/react';

const LOADING = 'Đang tải...';

function ReportsPage() {
  return <h1>Báo cáo</h1>;
}

/** The shell's remote area in small: a failed page shows a button that mounts it again. */
class RetryBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <button type="button" onClick={() => this.setState({ failed: false })}>
        Thử lại
      </button>
    ) : (
      this.props.children
    );
  }
}

describe('a lazy page (its own chunk)', () => {
  it('says it is loading, as a status without a heading, while its chunk loads (the first view stays), then shows the page', async () => {
    let arrive: (page: typeof ReportsPage) => void = () => undefined;
    const Page = lazyPage(() => new Promise((resolve) => (arrive = resolve)), LOADING);
    render(<Page />);
    expect(screen.getByRole('status').textContent).toBe(LOADING);
    expect(screen.queryByRole('heading')).toBeNull();
    await act(async () => arrive(ReportsPage));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Báo cáo');
    expect(screen.queryByText(LOADING)).toBeNull();
  });

  it('fetches a chunk that failed to load again on the next try', async () => {
    const load = jest.fn<Promise<typeof ReportsPage>, []>().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue(ReportsPage);
    const Page = lazyPage(load, LOADING);
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <RetryBoundary>
          <Page />
        </RetryBoundary>,
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Thử lại' }));
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Báo cáo');
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      quiet.mockRestore();
    }
  });
});
