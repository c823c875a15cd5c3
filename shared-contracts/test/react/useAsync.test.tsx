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
});
