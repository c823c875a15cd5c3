import { Component, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pageChunk } from '../src/pageChunk';

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

describe('a page in a chunk of its own', () => {
  it('says "Đang tải trang…" without a heading while its chunk loads (the first view stays), then shows the page', async () => {
    let arrive: (page: typeof ReportsPage) => void = () => undefined;
    const Page = pageChunk(() => new Promise((resolve) => (arrive = resolve)));
    render(<Page />);
    expect(screen.getByText('Đang tải trang…')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    await act(async () => arrive(ReportsPage));
    expect(await screen.findByRole('heading', { level: 1, name: 'Báo cáo' })).toBeInTheDocument();
    expect(screen.queryByText('Đang tải trang…')).not.toBeInTheDocument();
  });

  it('fetches a chunk that failed to load again on the next try', async () => {
    const load = jest.fn<Promise<typeof ReportsPage>, []>().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue(ReportsPage);
    const Page = pageChunk(load);
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <RetryBoundary>
          <Page />
        </RetryBoundary>,
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Thử lại' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Báo cáo' })).toBeInTheDocument();
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      quiet.mockRestore();
    }
  });
});
