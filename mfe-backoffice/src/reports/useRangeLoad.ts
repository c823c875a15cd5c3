import { useCallback } from 'react';
import { useAsync } from '../hooks/useAsync';
import { isRangeError } from './rangeError';

/** A report section's answer: loading, failed (a Vietnamese message), hidden (its range was refused) or loaded. */
export type RangeLoad<T> = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'hidden' } | { kind: 'loaded'; value: T };

type Answer<T> = { kind: 'hidden' } | { kind: 'loaded'; value: T };

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
  const read = useCallback(
    async (signal: AbortSignal): Promise<Answer<T>> => {
      try {
        return { kind: 'loaded', value: await fetchAnswer(signal) };
      } catch (error) {
        if (!onRangeInvalid || !isRangeError(error)) throw error;
        if (!signal.aborted) onRangeInvalid(error.message);
        return { kind: 'hidden' };
      }
    },
    [fetchAnswer, onRangeInvalid],
  );
  const { state, reload } = useAsync(read, { failedText });
  const retry = useCallback(() => reload('fresh'), [reload]);
  if (state.loading) return { state: { kind: 'loading' }, retry };
  if (state.error !== null) return { state: { kind: 'failed', message: state.error }, retry };
  return { state: state.data ?? { kind: 'loading' }, retry };
}
