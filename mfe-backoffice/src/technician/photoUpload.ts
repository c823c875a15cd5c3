import { ApiError, defaultApiBase, messages, sessionStore, type SessionStore } from 'shared-contracts';
import type { ChecklistPhoto } from 'shared-contracts/schemas';

/**
 * A checklist photo sent with XMLHttpRequest, the one browser API that reports upload progress (fetch does not).
 * It carries the shared session's Bearer token as the API client does; a 401 (the 15-minute access token
 * expired) renews the token through `renewToken` (a call of the shared client, which refreshes the session)
 * and sends the photo once more with the new token.
 */

/** Mobile networks on the workshop floor are slow: an 8 MB photo may take a while. */
export const UPLOAD_TIMEOUT_MS = 120_000;

export interface UploadOptions {
  /** 0–100, as the bytes leave the device */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** renews the access token after a 401 (the API client's refresh) */
  renewToken?: () => Promise<unknown>;
  session?: SessionStore;
  baseUrl?: string;
  /** for tests: the request object */
  createRequest?: () => XMLHttpRequest;
}

interface RawReply {
  status: number;
  text: string;
}

const FALLBACK_BY_STATUS: Record<number, string> = {
  413: 'Ảnh vượt quá 8 MB, vui lòng chọn ảnh nhỏ hơn.',
  415: 'Chỉ nhận ảnh JPEG, PNG hoặc WebP.',
};

function send(url: string, file: File, token: string | null, options: UploadOptions): Promise<RawReply> {
  return new Promise<RawReply>((resolve, reject) => {
    const request = options.createRequest ? options.createRequest() : new XMLHttpRequest();
    const form = new FormData();
    form.append('file', file, file.name);
    request.open('POST', url);
    request.timeout = UPLOAD_TIMEOUT_MS;
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);

    const onAbort = () => request.abort();
    const cleanUp = () => options.signal?.removeEventListener('abort', onAbort);
    request.upload.onprogress = (event: ProgressEvent) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    request.onload = () => {
      cleanUp();
      resolve({ status: request.status, text: typeof request.responseText === 'string' ? request.responseText : '' });
    };
    request.onerror = () => {
      cleanUp();
      reject(new ApiError(messages.errors.network, 0, 'NETWORK'));
    };
    request.ontimeout = () => {
      cleanUp();
      reject(new ApiError(messages.errors.timeout, 0, 'TIMEOUT'));
    };
    request.onabort = () => {
      cleanUp();
      reject(new ApiError(messages.errors.requestCancelled, 0, 'ABORTED'));
    };
    if (options.signal?.aborted) {
      reject(new ApiError(messages.errors.requestCancelled, 0, 'ABORTED'));
      return;
    }
    options.signal?.addEventListener('abort', onAbort);
    request.send(form);
  });
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** POSTs `file` as the multipart field 'file' to `path` (under the API base) and answers the stored photo. */
export async function uploadChecklistPhoto(path: string, file: File, options: UploadOptions = {}): Promise<ChecklistPhoto> {
  const session = options.session ?? sessionStore;
  const url = `${(options.baseUrl ?? defaultApiBase()).replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
  const token = session.token;
  let reply = await send(url, file, token, options);
  if (reply.status === 401 && options.renewToken) {
    try {
      await options.renewToken();
    } catch {
      // refused: the shared client has logged out; the 401 below says so
    }
    if (session.token && session.token !== token) reply = await send(url, file, session.token, options);
  }

  const body = parse(reply.text);
  const ok = reply.status >= 200 && reply.status < 300;
  if (ok && isRecord(body) && body.success !== false && isRecord(body.data)) return body.data as unknown as ChecklistPhoto;
  if (ok) throw new ApiError(messages.errors.badResponse, reply.status, 'BAD_RESPONSE', [], body);
  const message = isRecord(body) && typeof body.message === 'string' && body.message.trim() !== '' ? body.message : null;
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : `HTTP_${reply.status}`;
  const fallback = FALLBACK_BY_STATUS[reply.status] ?? (reply.status >= 500 ? messages.errors.server : messages.errors.generic);
  throw new ApiError(message ?? fallback, reply.status, code, [], body);
}
