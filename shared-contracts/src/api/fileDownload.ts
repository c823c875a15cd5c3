import { ApiError, apiClient, defaultApiBase } from './apiClient';
import { sessionStore } from '../session/sessionStore';
import { messages } from '../i18n/messages';

async function send(path: string): Promise<Response> {
  const token = sessionStore.token;
  try {
    return await fetch(`${defaultApiBase()}/${path.replace(/^\//, '')}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'omit' });
  } catch (error) {
    throw new ApiError(messages.errors.network, 0, 'NETWORK', [], error);
  }
}

/**
 * A file of the API (a receipt's PDF, an invoice's XML) fetched with the session's token, which a plain link cannot
 * send; an expired token is renewed once through the API client. A refusal throws an ApiError with the server's
 * Vietnamese message (409 "Đơn chưa thanh toán", 404 …).
 */
export async function fetchApiFile(path: string): Promise<{ blob: Blob; name: string | null }> {
  let response = await send(path);
  if (response.status === 401 && sessionStore.token) {
    await apiClient.get('/auth/profile');
    response = await send(path);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown; code?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : messages.errors.generic;
    throw new ApiError(message, response.status, typeof body?.code === 'string' ? body.code : `HTTP_${response.status}`);
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return { blob: await response.blob(), name: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}

/** Downloads an API file under the server's file name (else `fallbackName`). */
export async function downloadApiFile(path: string, fallbackName: string): Promise<void> {
  const { blob, name } = await fetchApiFile(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Opens an API file (a PDF to print) in a new tab: the tab is opened at the click (a tab opened after the fetch
 * would be a blocked pop-up) and shown the file once it is here.
 */
export async function openApiFile(path: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { blob } = await fetchApiFile(path);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
