import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import { ApiError } from 'shared-contracts';
import { vi } from '../i18n/vi';

/** The API client's message (the server's own, or its Vietnamese text for a network, timeout or server failure). */
function loadFailureMessage(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : vi.requestFailed;
}

export type ApiData<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; message: string };

/**
 * Runs `load` when `deps` change (aborting the previous call) and on `reload` (which keeps showing the data it
 * has until the new answer arrives, and keeps it if that reload fails); `update` edits the loaded data in place
 * (a status pushed by the server, a vehicle saved). The Vietnamese message of a failure is the server's,
 * else the generic one.
 */
export function useApiData<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList) {
  const [state, setState] = useState<ApiData<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const lastAttempt = useRef(attempt);

  useEffect(() => {
    const controller = new AbortController();
    const reloading = lastAttempt.current !== attempt;
    lastAttempt.current = attempt;
    setState((previous) => (reloading && previous.status === 'ready' ? previous : { status: 'loading' }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // a background reload that fails keeps what is shown
        setState((previous) => (reloading && previous.status === 'ready' ? previous : { status: 'error', message: loadFailureMessage(error) }));
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const update = useCallback((change: (data: T) => T) => {
    setState((previous) => (previous.status === 'ready' ? { status: 'ready', data: change(previous.data) } : previous));
  }, []);
  return { state, reload, update };
}
