import { ApiError, apiClient, messages, sessionStore } from 'shared-contracts';

async function send(path: string): Promise<Response> {
  const token = sessionStore.token;
  try {
    return await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'omit' });
  } catch (error) {
    throw new ApiError(messages.errors.network, 0, 'NETWORK', [], error);
  }
}

/**
 * Fetches a report's CSV with the session's token (the API takes a Bearer header, which a plain link cannot
 * send; an expired token is renewed once through the API client) and hands it to the browser as a download
 * under the server's file name. A refusal (422 range too big, 404 centre, 401) throws an ApiError with the
 * server's Vietnamese message.
 */
export async function downloadCsv(path: string, fallbackName: string, fallbackMessage: string): Promise<void> {
  let response = await send(path);
  if (response.status === 401 && sessionStore.token) {
    // an expired token: any call through the API client renews it once (or ends the session), then try again
    await apiClient.get('/auth/profile');
    response = await send(path);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown; code?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : fallbackMessage;
    throw new ApiError(message, response.status, typeof body?.code === 'string' ? body.code : `HTTP_${response.status}`);
  }
  const blob = await response.blob();
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
