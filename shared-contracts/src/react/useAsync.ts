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
}

export interface Async<T> {
  state: AsyncState<T>;
  /** Loads again; 'keep' (the default) leaves what is on screen until the answer; a function picks from the state then. */
  reload: (start?: LoadStart | ((state: AsyncState<T>) => LoadStart)) => void;
  /** Sets the answer on screen from elsewhere (what a write or a poll answered) without loading again. */
  setData: (update: (data: T | undefined) => T | undefined) => void;
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

    const load = useCallback((how: LoadStart) => {
      inflight.current?.abort();
      const controller = new AbortController();
      inflight.current = controller;
      setState((current) => {
        if (how === 'fresh') return current.data === undefined && current.error === null && current.loading ? current : FRESH;
        return current.loading ? current : { ...current, loading: true };
      });
      new Promise<T>((resolve) => resolve(latest.current.read(controller.signal))).then(
        (data) => {
          if (controller.signal.aborted) return;
          settle(() => {
            setState({ data, error: null, loading: false });
            latest.current.options.onData?.(data, how);
          });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const { describeFailure: describeHere = describeFailure, failedText = genericText } = latest.current.options;
          const message = describeHere(error, failedText);
          settle(() => setState((current) => ({ ...current, error: message, loading: false })));
        },
      );
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

    return { state, reload, setData };
  };
}
