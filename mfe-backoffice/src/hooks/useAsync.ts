import { messages } from 'shared-contracts';
import { createDataLoader } from 'shared-contracts/react';
import { messageOf } from '../api/apiErrors';

export { keepIfShown, keepUnlessFailed, latestOf, loadedOf, type Async, type AsyncOptions, type AsyncState, type Loaded, type LoadStart } from 'shared-contracts/react';

/** The back office's data loader: the remotes' one (shared-contracts/react), its failures worded as the desks word them. */
export const useAsync = createDataLoader({ describeFailure: messageOf, failedText: messages.errors.generic });
