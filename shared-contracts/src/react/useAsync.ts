import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** How a load starts: 'fresh' drops what is on screen (loading first), 'keep' leaves it there until the answer. */
export type LoadStart = 'fresh' | 'keep';

/**
 * An API-backed section's state. `data` is the last answer: kept while a 'keep' load runs and after a failed load,
 * dropped when a 'fresh' one starts. `error` is the last failure's Vietnamese message, until an answer or a 'fresh'
 * load. `loading`: a load is under way.
 */
export interface AsyncState<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
}

export interface AsyncOptions<T> {
  /** The message of a failure that brings none of its own (default: the remote's generic one, LoaderWording). */
  failedText?: string;
  /** How this load words a failure, when not as its remote does (LoaderWording). */
  describeFailure?: DescribeFailure;
  /** false: load nothing for now (a load under way is dropped, the state stays as it is). Default true. */
  enabled?: boolean;
  /** How the load of a new `read` starts (or, from the state then, how it does). Default 'fresh'. */
  start?: LoadStart | ((state: AsyncState<T>) => LoadStart);
  /** A new value loads again, keeping what is on screen (a parent's refresh counter). */
  reloadKey?: unknown;
  /** Each answer as it is shown (in the same render), and how its load started. */
  onData?: (data: T, start: LoadStart) => void;
  /** Each failure, as its message is shown (a poll counting the failures in a row). */
  onFailure?: (message: string, error: unknown) => void;
  /**
   * A load waits this long before it reads, loading (and 'keep': the last answer) on screen meanwhile; a new load
   * in that time replaces it, its wait starting again (a quote or a search asked for once the typing pauses).
   */
  delayMs?: number;
  /**
   * Reads again `everyMs` after each answer or failure ('keep'), until an answer meets `until`; a new load, the
   * loader disabled and unmount stop it (a payment or a training run watched until it ends).
   */
  poll?: { everyMs: number; until?: (data: T) => boolean };
  /** What an answer shows, from what is on screen and how its load started (a first page read again into the pages read beyond it). Default: the answer. */
  merge?: (shown: T | undefined, answer: T, start: LoadStart) => T;
}

/** The state of the reads beside the load ('Xem thêm'): one under way, the last one's failure. */
export interface MoreState {
  loading: boolean;
  error: string | null;
}

export interface Async<T> {
  state: AsyncState<T>;
  /** Loads again; 'keep' (the default) leaves what is on screen until the answer; a function picks from the state then. */
  reload: (start?: LoadStart | ((state: AsyncState<T>) => LoadStart)) => void;
  /** Sets the answer on screen from elsewhere (what a write or a poll answered) without loading again. */
  setData: (update: (data: T | undefined) => T | undefined) => void;
  /**
   * Reads more beside the answer shown ('Xem thêm': the next page) and shows `append(shown, more)`; one at a time,
   * dropped (aborted) by the load of another `read` or a 'fresh' one, and on unmount; a 'keep' reload of the same
   * `read` (a live change) leaves it under way. Nothing while no answer is shown.
   */
  more: <M>(read: (signal: AbortSignal, shown: T) => Promise<M>, append: (shown: T, more: M) => T) => void;
  moreState: MoreState;
}

/** What a section shows of its state: the answer, else the failure, else 'loading'. */
export type Loaded<T> = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; data: T };

/** The last answer while there is one (a failed 'keep' reload leaves it on screen), else the failure, else loading. */
export function loadedOf<T>({ data, error }: AsyncState<T>): Loaded<T> {
  if (data !== undefined) return { status: 'ready', data };
  return error === null ? { status: 'loading' } : { status: 'failed', message: error };
}

/** The latest outcome: the failure (it replaces the answer until the next one), else the answer, else loading. */
export function latestOf<T>({ data, error }: AsyncState<T>): Loaded<T> {
  if (error !== null) return { status: 'failed', message: error };
  return data === undefined ? { status: 'loading' } : { status: 'ready', data };
}

/** A new query keeps the last answer on screen, but after a failure starts afresh ('loading'). */
export const keepUnlessFailed = (state: AsyncState<unknown>): LoadStart => (state.error === null ? 'keep' : 'fresh');

/** A reload keeps an answer that is on screen, else starts afresh ('loading' in place of a failure shown). */
export const keepIfShown = (state: AsyncState<unknown>): LoadStart => (state.data === undefined ? 'fresh' : 'keep');

const FRESH = { data: undefined, error: null, loading: true };
const NO_MORE: MoreState = { loading: false, error: null };

/** How a remote words a failed load: the server's message (an ApiError of the page's one API client), else `fallback`. */
export type DescribeFailure = (error: unknown, fallback: string) => string;

/**
 * A remote's wording of failures. The root ('shared-contracts', the page's one copy: a federation singleton) is the
 * remote's to hand in, as for the files and event stream subpaths: a relative import here would bundle a second
 * ApiError class into the remote, and `instanceof` would miss the one the API client throws.
 */
export interface LoaderWording {
  describeFailure: DescribeFailure;
  /** The message of a failure that brings none of its own, unless the call gives its `failedText`. */
  failedText: string;
}

export interface LoaderSettings extends LoaderWording {
  /**
   * true: an answer or a failure renders as a transition, React rendering it in small slices so that a long list
   * does not block the main thread (the storefront, a phone's first load). Default false.
   */
  answersAsTransitions?: boolean;
}

export type UseAsync = <T>(read: (signal: AbortSignal) => Promise<T>, options: AsyncOptions<T>) => Async<T>;

/**
 * The remotes' one data loader (issue 44 §6), bound once per remote to its wording of failures. `useAsync` loads
 * `read` (memoise it on what it reads: a new function loads again) and aborts the previous load whenever a new one
 * starts, and on unmount; an aborted load never touches the state.
 */
export function createDataLoader({ describeFailure, failedText: genericText, answersAsTransitions = false }: LoaderSettings): UseAsync {
  const settle = answersAsTransitions ? startTransition : (update: () => void) => update();
  return function useAsync<T>(read: (signal: AbortSignal) => Promise<T>, options: AsyncOptions<T>): Async<T> {
    const { enabled = true, reloadKey } = options;
    const [state, setState] = useState<AsyncState<T>>(() => ({ ...FRESH, loading: enabled }));
    const inflight = useRef<AbortController | null>(null);
    const latest = useRef({ read, options, state });
    useLayoutEffect(() => {
      latest.current = { read, options, state };
    });

    const [moreState, setMoreState] = useState<MoreState>(NO_MORE);
    const moreInflight = useRef<{ controller: AbortController; read: (signal: AbortSignal) => Promise<T> } | null>(null);

    // polled: a poll's read again, which does not wait `delayMs`
    const load = useCallback(function run(how: LoadStart, polled = false) {
      inflight.current?.abort();
      // a read of more for what is dropped: another `read`, or a 'fresh' load
      if (moreInflight.current && (how === 'fresh' || moreInflight.current.read !== latest.current.read)) {
        moreInflight.current.controller.abort();
        moreInflight.current = null;
        setMoreState(NO_MORE);
      }
      const controller = new AbortController();
      inflight.current = controller;
      const later = (next: () => void, ms: number) => {
        const timer = setTimeout(next, ms);
        controller.signal.addEventListener('abort', () => clearTimeout(timer));
      };
      const pollAfter = (answer: { data: T } | null) => {
        const { poll } = latest.current.options;
        if (poll && !(answer && poll.until?.(answer.data))) later(() => run('keep', true), poll.everyMs);
      };
      setState((current) => {
        if (how === 'fresh') return current.data === undefined && current.error === null && current.loading ? current : FRESH;
        return current.loading ? current : { ...current, loading: true };
      });
      const read = () =>
        new Promise<T>((resolve) => resolve(latest.current.read(controller.signal))).then(
          (answer) => {
            if (controller.signal.aborted) return;
            const { merge } = latest.current.options;
            settle(() => {
              const data = merge ? merge(latest.current.state.data, answer, how) : answer;
              setState({ data, error: null, loading: false });
              latest.current.options.onData?.(data, how);
            });
            pollAfter({ data: answer });
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            const { describeFailure: describeHere = describeFailure, failedText = genericText } = latest.current.options;
            const message = describeHere(error, failedText);
            settle(() => {
              setState((current) => ({ ...current, error: message, loading: false }));
              latest.current.options.onFailure?.(message, error);
            });
            pollAfter(null);
          },
        );
      const { delayMs = 0 } = latest.current.options;
      if (delayMs > 0 && !polled) later(read, delayMs);
      else read();
    }, []);

    const loadedRead = useRef<typeof read | null>(null);
    useEffect(() => {
      if (!enabled) {
        setState((current) => (current.loading ? { ...current, loading: false } : current));
        return;
      }
      const { start = 'fresh' } = latest.current.options;
      // the same `read` again: only the reload key changed
      load(loadedRead.current === read ? 'keep' : typeof start === 'function' ? start(latest.current.state) : start);
      loadedRead.current = read;
      return () => inflight.current?.abort();
    }, [read, enabled, reloadKey, load]);

    const reload = useCallback(
      (how: LoadStart | ((state: AsyncState<T>) => LoadStart) = 'keep') => {
        if (latest.current.options.enabled !== false) load(typeof how === 'function' ? how(latest.current.state) : how);
      },
      [load],
    );
    const setData = useCallback((update: (data: T | undefined) => T | undefined) => setState((current) => ({ ...current, data: update(current.data) })), []);

    const more = useCallback(<M,>(read: (signal: AbortSignal, shown: T) => Promise<M>, append: (shown: T, more: M) => T) => {
      const shown = latest.current.state.data;
      if (shown === undefined || moreInflight.current !== null) return;
      const controller = new AbortController();
      moreInflight.current = { controller, read: latest.current.read };
      setMoreState({ loading: true, error: null });
      const done = () => {
        if (moreInflight.current?.controller === controller) moreInflight.current = null;
      };
      new Promise<M>((resolve) => resolve(read(controller.signal, shown))).then(
        (answer) => {
          done();
          if (controller.signal.aborted) return;
          settle(() => {
            setState((current) => (current.data === undefined ? current : { ...current, data: append(current.data, answer) }));
            setMoreState(NO_MORE);
          });
        },
        (error: unknown) => {
          done();
          if (controller.signal.aborted) return;
          const { describeFailure: describeHere = describeFailure, failedText = genericText } = latest.current.options;
          const message = describeHere(error, failedText);
          settle(() => setMoreState({ loading: false, error: message }));
        },
      );
    }, []);
    useEffect(() => () => moreInflight.current?.controller.abort(), []);

    return { state, reload, setData, more, moreState };
  };
}
