import { ApiError } from 'shared-contracts';
import { createDataLoader, type DescribeFailure } from 'shared-contracts/react';
import { vi } from '../i18n/vi';

export { keepIfShown, keepUnlessFailed, latestOf, loadedOf, type Async, type AsyncOptions, type AsyncState, type Loaded, type LoadStart } from 'shared-contracts/react';

/**
 * The account's data loader: the remotes' one (shared-contracts/react). A failure says the API client's message
 * (the server's own, or its Vietnamese text for a network, timeout or server failure), else the generic one.
 */
export const describeFailure: DescribeFailure = (error, fallback) => (error instanceof ApiError && error.message ? error.message : fallback);

export const useAsync = createDataLoader({ describeFailure, failedText: vi.requestFailed });
