import { FIRST_VIEW_MAX_MS, revealAppWhenRendered } from '../src/firstView/revealApp';

function page(withFirstView: boolean) {
  document.body.innerHTML = `${withFirstView ? '<div id="ev-first-view"><main><h1>Trang chủ</h1></main></div>' : ''}<div id="root" hidden></div>`;
  return document.getElementById('root')!;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the app takes the first view’s place', () => {
  afterEach(() => jest.useRealTimers());

  it('shows at once when the page came without a first view', () => {
    const root = page(false);
    revealAppWhenRendered(root);
    expect(root.hidden).toBe(false);
  });

  it('stays hidden behind the first view until it has rendered the page’s heading, then replaces it in one step', async () => {
    const root = page(true);
    revealAppWhenRendered(root);
    root.innerHTML = '<header>EV Service</header><main><div role="status">Đang tải...</div></main>';
    await flush();
    expect(root.hidden).toBe(true);
    expect(document.getElementById('ev-first-view')).not.toBeNull();

    root.querySelector('main')!.innerHTML = '<h1>Trang chủ</h1>';
    await flush();
    expect(root.hidden).toBe(false);
    expect(document.getElementById('ev-first-view')).toBeNull();
  });

  it('shows a failure notice (the remote did not load) instead of keeping the first view', async () => {
    const root = page(true);
    revealAppWhenRendered(root);
    root.innerHTML = '<main><div role="alert">Không tải được trang</div></main>';
    await flush();
    expect(root.hidden).toBe(false);
  });

  it('shows the app after the longest wait whatever it shows', () => {
    jest.useFakeTimers();
    const root = page(true);
    revealAppWhenRendered(root);
    jest.advanceTimersByTime(FIRST_VIEW_MAX_MS - 1);
    expect(root.hidden).toBe(true);
    jest.advanceTimersByTime(1);
    expect(root.hidden).toBe(false);
    expect(document.getElementById('ev-first-view')).toBeNull();
  });
});
