import { useCallback, useEffect, useState, type DependencyList } from 'react';
import { ApiError, messages } from 'shared-contracts';

export type OrderDataState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; message: string; httpStatus: number };

/** Loads with `load` when `deps` change (the previous request aborted) and on `retry`; `set` replaces the data. */
export function useOrderData<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList) {
  const [state, setState] = useState<OrderDataState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof ApiError && error.message ? error.message : messages.errors.generic;
        setState({ status: 'error', message, httpStatus: error instanceof ApiError ? error.status : 0 });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const set = useCallback((data: T) => setState({ status: 'ready', data }), []);
  return { state, retry, set };
}
