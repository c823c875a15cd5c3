import type * as SharedContracts from '../index';

/**
 * Files of the API fetched with the session's token, which a plain link cannot send (a receipt's PDF, an
 * invoice's XML), for the pages that offer them: a subpath of its own, so the shell's first load does not carry
 * it. Like eventStream it holds no state: the session, the API client, ApiError and the messages are the caller's
 * ('shared-contracts' root, the page's one copy), so an ApiError thrown here is the one the page catches.
 */
export type ApiFilesShared = Pick<typeof SharedContracts, 'ApiError' | 'apiClient' | 'defaultApiBase' | 'messages' | 'sessionStore'>;

export interface ApiFiles {
  /**
   * The file and its server-given name; a refusal throws an ApiError with the server's Vietnamese message (409 "Đơn
   * chưa thanh toán", 404 …), else `fallbackMessage` (default: the generic one).
   */
  fetchApiFile(path: string, fallbackMessage?: string, payload?: unknown): Promise<{ blob: Blob; name: string | null }>;
  /** Downloads the file under the server's file name (else `fallbackName`). */
  downloadApiFile(path: string, fallbackName: string, fallbackMessage?: string): Promise<void>;
  /**
   * Opens the file (a PDF to print) in a new tab: the tab is opened at the click (a tab opened after the fetch
   * would be a blocked pop-up) and shown the file once it is here. With `payload`, the file is asked for by a POST of
   * that JSON (a batch of labels names its parcels in the body).
   */
  openApiFile(path: string, payload?: unknown): Promise<void>;
}

export function apiFiles({ ApiError, apiClient, defaultApiBase, messages, sessionStore }: ApiFilesShared): ApiFiles {
  // A GET, or a POST of `payload` as JSON when one is given.
  async function send(path: string, payload: unknown): Promise<Response> {
    const token = sessionStore.token;
    const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    const post = payload === undefined ? {} : { method: 'POST', body: JSON.stringify(payload) };
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    try {
      return await fetch(`${defaultApiBase()}/${path.replace(/^\//, '')}`, { headers, credentials: 'omit', ...post });
    } catch (error) {
      throw new ApiError(messages.errors.network, 0, 'NETWORK', [], error);
    }
  }

  // An expired token is renewed once through the API client.
  async function fetchApiFile(path: string, fallbackMessage: string = messages.errors.generic, payload?: unknown): Promise<{ blob: Blob; name: string | null }> {
    let response = await send(path, payload);
    if (response.status === 401 && sessionStore.token) {
      await apiClient.get('/auth/profile');
      response = await send(path, payload);
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { message?: unknown; code?: unknown } | null;
      const message = typeof body?.message === 'string' ? body.message : fallbackMessage;
      throw new ApiError(message, response.status, typeof body?.code === 'string' ? body.code : `HTTP_${response.status}`);
    }
    const disposition = response.headers.get('Content-Disposition') ?? '';
    return { blob: await response.blob(), name: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
  }

  async function downloadApiFile(path: string, fallbackName: string, fallbackMessage?: string): Promise<void> {
    const { blob, name } = await fetchApiFile(path, fallbackMessage);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = name ?? fallbackName;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  async function openApiFile(path: string, payload?: unknown): Promise<void> {
    const tab = window.open('', '_blank');
    try {
      const { blob } = await fetchApiFile(path, undefined, payload);
      const url = URL.createObjectURL(blob);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      tab?.close();
      throw error;
    }
  }

  return { fetchApiFile, downloadApiFile, openApiFile };
}
