import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../frontDesk/apiRead';
import { isRangeError } from './rangeError';

/** A report section's answer: loading, failed (a Vietnamese message), hidden (its range was refused) or loaded. */
export type RangeLoad<T> = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'hidden' } | { kind: 'loaded'; value: T };

/**
 * Loads a report section's answer with `fetchAnswer` (memoise it on what it reads: a new function reloads), again on
 * `retry()`, and aborts a load the section no longer needs. A 422 DATE_RANGE_INVALID goes to `onRangeInvalid` (the
 * reports screen shows it by its date inputs) and hides the section; without `onRangeInvalid`, or on any other
 * error, the section shows the error's message (or `failedText`).
 */
export function useRangeLoad<T>(
  fetchAnswer: (signal: AbortSignal) => Promise<T>,
  onRangeInvalid: ((message: string) => void) | undefined,
  failedText: string,
): { state: RangeLoad<T>; retry: () => void } {
  const [state, setState] = useState<RangeLoad<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const load = useCallback(
    (signal: AbortSignal) => {
      setState({ kind: 'loading' });
      fetchAnswer(signal).then(
        (value) => {
          if (!signal.aborted) setState({ kind: 'loaded', value });
        },
        (error: unknown) => {
          if (signal.aborted) return;
          if (onRangeInvalid && isRangeError(error)) {
            onRangeInvalid(error.message);
            setState({ kind: 'hidden' });
          } else setState({ kind: 'failed', message: messageOf(error, failedText) });
        },
      );
    },
    [fetchAnswer, onRangeInvalid, failedText],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
