import { ApiError, messages } from 'shared-contracts';
import { createDataLoader } from 'shared-contracts/react';

export { keepIfShown, keepUnlessFailed, latestOf, loadedOf, type Async, type AsyncOptions, type AsyncState, type Loaded, type LoadStart } from 'shared-contracts/react';

/** A Vietnamese message for any failure: the API's own message, else a generic one. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : messages.errors.generic;
}

/**
 * The storefront's data loader: the remotes' one (shared-contracts/react), its failures worded by `errorMessage`.
 * Its answers render as transitions: React renders them in small slices, so a long list does not block the main
 * thread (a phone's first load).
 */
export const useAsync = createDataLoader({
  describeFailure: (error, fallback) => (error instanceof ApiError && error.message ? error.message : fallback),
  failedText: messages.errors.generic,
  answersAsTransitions: true,
});
