import { ApiError, apiClient, defaultApiBase, messages, sessionStore } from 'shared-contracts';
import { apiFiles } from 'shared-contracts/files';

/** A conversation's photos are private: fetched with the session's token (shared-contracts/files), shown from a blob. */
const { fetchApiFile } = apiFiles({ ApiError, apiClient, defaultApiBase, messages, sessionStore });

/** The photo's path under the API base (the server may give it with or without the /api prefix). */
export const photoApiPath = (url: string) => url.replace(/^\/api(?=\/)/, '');

export async function fetchPhoto(url: string): Promise<Blob> {
  return (await fetchApiFile(photoApiPath(url))).blob;
}
