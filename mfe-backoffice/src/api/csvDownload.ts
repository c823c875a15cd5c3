import { downloadApiFile } from './apiFiles';

/**
 * Downloads a CSV of the API (a report, the reconciliation, the product catalogue) under the server's file name,
 * through shared-contracts/files (the session's token, one renewal on 401). `path` is the site's path ('/api/…', as
 * a link would have it). A refusal (422 range too big, 404 centre, 401) throws an ApiError with the server's
 * Vietnamese message, else `fallbackMessage`.
 */
export function downloadCsv(path: string, fallbackName: string, fallbackMessage: string): Promise<void> {
  return downloadApiFile(path.replace(/^\/api(?=\/)/, ''), fallbackName, fallbackMessage);
}
