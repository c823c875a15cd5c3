import { startTransition, useCallback, useEffect, useState, type DependencyList } from 'react';
import { ApiError, messages } from 'shared-contracts';

export type AsyncState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; message: string; code: string; /** HTTP status, 0 without an answer */ httpStatus: number };

/** A Vietnamese message for any failure: the API's own message, else a generic one. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : messages.errors.generic;
}

/**
 * Runs `load` when `deps` change (the previous request is aborted) and on `retry`.
 * The state is loading → ready | error; an aborted request never updates it. The answer renders as a transition:
 * React renders it in small slices, so a long list does not block the main thread (a phone's first load).
 */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): { state: AsyncState<T>; retry: () => void } {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) startTransition(() => setState({ status: 'ready', data }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        startTransition(() =>
          setState({
            status: 'error',
            message: errorMessage(error),
            code: error instanceof ApiError ? error.code : 'UNKNOWN',
            httpStatus: error instanceof ApiError ? error.status : 0,
          }),
        );
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, retry };
}
