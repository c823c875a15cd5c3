import { ApiError, messages } from 'shared-contracts';
import { createDataLoader } from 'shared-contracts/react';

/** The shell's data loader: the remotes' one (shared-contracts/react), a failure saying the API's message, else the generic one. */
export const useAsync = createDataLoader({
  describeFailure: (error, fallback) => (error instanceof ApiError ? error.message : fallback),
  failedText: messages.errors.generic,
});
