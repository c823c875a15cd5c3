import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError, messages } from '../../src';
import { createDataLoader, keepIfShown, keepUnlessFailed, latestOf, loadedOf, type AsyncOptions } from '../../src/react';

/** A remote's binding: the server's message of an ApiError, else the fallback. */
const useAsync = createDataLoader({
  describeFailure: (error, fallback) => (error instanceof ApiError && error.message ? error.message : fallback),
  failedText: messages.errors.generic,
});

/** A load whose answer the test gives (or refuses) when it wants. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const refused = (message: string) => new ApiError(message, 500, 'SERVER');

function setup<T>(initial: (signal: AbortSignal) => Promise<T>, options: AsyncOptions<T> = { failedText: 'Không tải được.' }) {
  return renderHook(({ read, opts }) => useAsync(read, opts), { initialProps: { read: initial, opts: options } });
}

describe('useAsync', () => {
  it('loads, then shows the answer; a failure says the server message, else the fallback', async () => {
    const first = deferred<string>();
    const { result } = setup(() => first.promise);
    expect(result.current.state).toEqual({ data: undefined, error: null, loading: true });
    await act(async () => first.resolve('sổ'));
    expect(result.current.state).toEqual({ data: 'sổ', error: null, loading: false });

    const second = deferred<string>();
    const third = deferred<string>();
    const { result: other } = setup(jest.fn().mockReturnValueOnce(second.promise).mockReturnValueOnce(third.promise));
    await act(async () => second.reject(refused('Máy chủ đang bận.')));
    expect(other.current.state.error).toBe('Máy chủ đang bận.');
    act(() => other.current.reload('fresh'));
    await act(async () => third.reject(new Error('offline')));
    expect(other.current.state.error).toBe('Không tải được.');
  });

  it("a 'keep' reload leaves the answer on screen, also when it fails; a 'fresh' one drops it", async () => {
    const answers = [deferred<number>(), deferred<number>(), deferred<number>()];
    let call = 0;
    const { result } = setup(() => answers[call++]!.promise);
    await act(async () => answers[0]!.resolve(1));
    act(() => result.current.reload());
    expect(result.current.state).toEqual({ data: 1, error: null, loading: true });
    await act(async () => answers[1]!.reject(refused('Lỗi.')));
    expect(result.current.state).toEqual({ data: 1, error: 'Lỗi.', loading: false });
    expect(loadedOf(result.current.state)).toEqual({ status: 'ready', data: 1 });
    expect(latestOf(result.current.state)).toEqual({ status: 'failed', message: 'Lỗi.' });
    act(() => result.current.reload('fresh'));
    expect(result.current.state).toEqual({ data: undefined, error: null, loading: true });
  });

  it('a new read aborts the load under way, whose answer never shows', async () => {
    const old = deferred<string>();
    const signals: AbortSignal[] = [];
    const { result, rerender } = setup((signal) => {
      signals.push(signal);
      return old.promise;
    });
    rerender({ read: () => Promise.resolve('mới'), opts: { failedText: 'x' } });
    expect(signals[0]!.aborted).toBe(true);
    await waitFor(() => expect(result.current.state.data).toBe('mới'));
    await act(async () => old.resolve('cũ'));
    expect(result.current.state.data).toBe('mới');
  });

  it('waits while not enabled, reloads on a new reload key and edits the answer in place', async () => {
    const read = jest.fn((_signal: AbortSignal) => Promise.resolve([1, 2]));
    const { result, rerender } = setup(read, { enabled: false });
    expect(read).not.toHaveBeenCalled();
    expect(result.current.state.loading).toBe(false);
    rerender({ read, opts: { enabled: true, reloadKey: 0 } });
    await waitFor(() => expect(result.current.state.data).toEqual([1, 2]));
    rerender({ read, opts: { enabled: true, reloadKey: 1 } });
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    act(() => result.current.setData((list) => list?.filter((value) => value !== 1)));
    expect(result.current.state.data).toEqual([2]);
  });

  it('keepUnlessFailed starts a new query afresh only after a failure', () => {
    expect(keepUnlessFailed({ data: 1, error: null, loading: false })).toBe('keep');
    expect(keepUnlessFailed({ data: 1, error: 'Lỗi.', loading: false })).toBe('fresh');
  });

  it("words a failure the remote's way, with its generic text when the call gives none", async () => {
    const read = () => Promise.reject(new Error('network'));
    const { result } = renderHook(() => useAsync(read, {}));
    await waitFor(() => expect(result.current.state.loading).toBe(false));
    expect(result.current.state.error).toBe(messages.errors.generic);
    const { result: own } = renderHook(() => useAsync(read, { describeFailure: (_error, fallback) => `Riêng: ${fallback}`, failedText: 'Không đọc được.' }));
    await waitFor(() => expect(own.current.state.error).toBe('Riêng: Không đọc được.'));
  });

  it('keepIfShown keeps an answer on screen and starts afresh when there is none', () => {
    expect(keepIfShown({ data: 1, error: 'Lỗi.', loading: false })).toBe('keep');
    expect(keepIfShown({ data: undefined, error: 'Lỗi.', loading: false })).toBe('fresh');
    expect(keepIfShown({ data: undefined, error: null, loading: true })).toBe('fresh');
  });

  it('a reload by keepIfShown keeps an answer on screen, and shows loading in place of a failure', async () => {
    const answers = [deferred<number>(), deferred<number>(), deferred<number>()];
    let call = 0;
    const { result } = setup(() => answers[call++]!.promise);
    await act(async () => answers[0]!.reject(refused('Lỗi.')));
    act(() => result.current.reload(keepIfShown));
    expect(result.current.state).toEqual({ data: undefined, error: null, loading: true });
    await act(async () => answers[1]!.resolve(1));
    act(() => result.current.reload(keepIfShown));
    expect(result.current.state).toEqual({ data: 1, error: null, loading: true });
    await act(async () => answers[2]!.reject(refused('Lỗi.')));
    expect(loadedOf(result.current.state)).toEqual({ status: 'ready', data: 1 });
  });

  it('a loader of transitions shows the answer and the failure all the same', async () => {
    const useTransitionAsync = createDataLoader({ describeFailure: (_error, fallback) => fallback, failedText: 'Không tải được.', answersAsTransitions: true });
    const answers = [deferred<string>(), deferred<string>()];
    let call = 0;
    const onData = jest.fn();
    const read = () => answers[call++]!.promise;
    const { result } = renderHook(() => useTransitionAsync(read, { onData }));
    await act(async () => answers[0]!.resolve('xe'));
    expect(result.current.state).toEqual({ data: 'xe', error: null, loading: false });
    expect(onData).toHaveBeenCalledWith('xe', 'fresh');
    act(() => result.current.reload('fresh'));
    await act(async () => answers[1]!.reject(new Error('offline')));
    expect(result.current.state).toEqual({ data: undefined, error: 'Không tải được.', loading: false });
  });

  it('delayMs: a load waits before it reads, a newer one replacing it; the last answer stays on screen meanwhile', async () => {
    jest.useFakeTimers();
    try {
      const read = jest.fn((_signal: AbortSignal) => Promise.resolve('a'));
      const { result, rerender } = setup(read, { delayMs: 250, start: 'keep' });
      expect(result.current.state.loading).toBe(true);
      await act(async () => void (await jest.advanceTimersByTimeAsync(249)));
      expect(read).not.toHaveBeenCalled();
      await act(async () => void (await jest.advanceTimersByTimeAsync(1)));
      expect(read).toHaveBeenCalledTimes(1);
      expect(result.current.state).toEqual({ data: 'a', error: null, loading: false });

      const second = jest.fn((_signal: AbortSignal) => Promise.resolve('b'));
      const third = jest.fn((_signal: AbortSignal) => Promise.resolve('c'));
      rerender({ read: second, opts: { delayMs: 250, start: 'keep' } });
      expect(result.current.state).toEqual({ data: 'a', error: null, loading: true });
      await act(async () => void (await jest.advanceTimersByTimeAsync(200)));
      rerender({ read: third, opts: { delayMs: 250, start: 'keep' } });
      await act(async () => void (await jest.advanceTimersByTimeAsync(200)));
      expect(third).not.toHaveBeenCalled();
      await act(async () => void (await jest.advanceTimersByTimeAsync(50)));
      expect(second).not.toHaveBeenCalled();
      expect(third).toHaveBeenCalledTimes(1);
      expect(result.current.state).toEqual({ data: 'c', error: null, loading: false });
    } finally {
      jest.useRealTimers();
    }
  });

  it('poll: reads again after each answer or failure until an answer meets `until`; unmount stops it', async () => {
    jest.useFakeTimers();
    try {
      const answers: Array<() => Promise<number>> = [() => Promise.resolve(1), () => Promise.reject(new Error('offline')), () => Promise.resolve(2), () => Promise.resolve(3)];
      let call = 0;
      const read = jest.fn((_signal: AbortSignal) => answers[call++]!());
      const onFailure = jest.fn();
      const { result } = setup(read, { poll: { everyMs: 1000, until: (value) => value >= 2 }, onFailure });
      await act(async () => void (await jest.advanceTimersByTimeAsync(0)));
      expect(result.current.state.data).toBe(1);
      await act(async () => void (await jest.advanceTimersByTimeAsync(1000)));
      expect(read).toHaveBeenCalledTimes(2);
      expect(onFailure).toHaveBeenCalledWith(messages.errors.generic, expect.any(Error));
      // a failed poll keeps the answer on screen and goes on
      expect(result.current.state).toEqual({ data: 1, error: messages.errors.generic, loading: false });
      await act(async () => void (await jest.advanceTimersByTimeAsync(1000)));
      expect(result.current.state).toEqual({ data: 2, error: null, loading: false });
      await act(async () => void (await jest.advanceTimersByTimeAsync(5000)));
      expect(read).toHaveBeenCalledTimes(3);

      const forever = jest.fn((_signal: AbortSignal) => Promise.resolve(0));
      const { unmount, rerender } = setup(forever, { poll: { everyMs: 1000 } });
      await act(async () => void (await jest.advanceTimersByTimeAsync(2000)));
      expect(forever).toHaveBeenCalledTimes(3);
      rerender({ read: forever, opts: { poll: { everyMs: 1000 }, enabled: false } });
      await act(async () => void (await jest.advanceTimersByTimeAsync(3000)));
      expect(forever).toHaveBeenCalledTimes(3);
      unmount();
    } finally {
      jest.useRealTimers();
    }
  });

  it('merge: an answer shows merged into what is on screen, told how its load started', async () => {
    let call = 0;
    const read = () => Promise.resolve([`p${++call}`]);
    const merge = jest.fn((shown: string[] | undefined, answer: string[], start: string) => (start === 'keep' && shown ? [...answer, ...shown] : answer));
    const onData = jest.fn();
    const { result } = setup(read, { merge, onData });
    await waitFor(() => expect(result.current.state.data).toEqual(['p1']));
    act(() => result.current.reload('keep'));
    await waitFor(() => expect(result.current.state.data).toEqual(['p2', 'p1']));
    expect(onData).toHaveBeenLastCalledWith(['p2', 'p1'], 'keep');
    act(() => result.current.reload('fresh'));
    await waitFor(() => expect(result.current.state.data).toEqual(['p3']));
  });

  it("more: reads the next page beside the answer and appends it; a failure is its own; a 'fresh' load drops one under way, a 'keep' one not", async () => {
    const { result } = setup(() => Promise.resolve([1, 2]));
    await waitFor(() => expect(result.current.state.data).toEqual([1, 2]));
    const page = deferred<number[]>();
    const shownSeen: number[][] = [];
    act(() =>
      result.current.more(
        (_signal, shown) => {
          shownSeen.push(shown);
          return page.promise;
        },
        (shown, next) => [...shown, ...next],
      ),
    );
    expect(shownSeen).toEqual([[1, 2]]);
    expect(result.current.moreState).toEqual({ loading: true, error: null });
    // one at a time
    const other = jest.fn(() => Promise.resolve([9]));
    act(() => result.current.more(other, (shown, next) => [...shown, ...next]));
    expect(other).not.toHaveBeenCalled();
    await act(async () => page.resolve([3]));
    expect(result.current.state.data).toEqual([1, 2, 3]);
    expect(result.current.moreState).toEqual({ loading: false, error: null });

    act(() => result.current.more(() => Promise.reject(refused('Hết trang.')), (shown) => shown));
    await waitFor(() => expect(result.current.moreState).toEqual({ loading: false, error: 'Hết trang.' }));
    expect(result.current.state.data).toEqual([1, 2, 3]);

    const late = deferred<number[]>();
    let signal: AbortSignal | undefined;
    act(() =>
      result.current.more(
        (given) => {
          signal = given;
          return late.promise;
        },
        (shown, next) => [...shown, ...next],
      ),
    );
    act(() => result.current.reload('keep'));
    expect(signal!.aborted).toBe(false);
    await waitFor(() => expect(result.current.state).toEqual({ data: [1, 2], error: null, loading: false }));
    await act(async () => late.resolve([4]));
    // the first page read again, then the page beside it appended
    await waitFor(() => expect(result.current.state).toEqual({ data: [1, 2, 4], error: null, loading: false }));

    const dropped = deferred<number[]>();
    act(() =>
      result.current.more(
        (given) => {
          signal = given;
          return dropped.promise;
        },
        (shown, next) => [...shown, ...next],
      ),
    );
    act(() => result.current.reload('fresh'));
    expect(signal!.aborted).toBe(true);
    expect(result.current.moreState).toEqual({ loading: false, error: null });
    await act(async () => dropped.resolve([7]));
    await waitFor(() => expect(result.current.state).toEqual({ data: [1, 2], error: null, loading: false }));
  });
});
