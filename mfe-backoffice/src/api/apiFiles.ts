import { ApiError, apiClient, defaultApiBase, messages, sessionStore } from 'shared-contracts';
import { apiFiles } from 'shared-contracts/files';

/** Invoices' PDF and XML for the desk, fetched with the session's token (shared-contracts/files). */
export const { downloadApiFile, openApiFile } = apiFiles({ ApiError, apiClient, defaultApiBase, messages, sessionStore });
