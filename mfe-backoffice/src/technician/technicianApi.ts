import { ApiError, apiClient, messages } from 'shared-contracts';
// Types only: zod never ships in the back office's chunks.
import type { ChecklistPhoto, ChecklistResult, ServiceOrderChecklistItem, ServiceOrderDetail, TechnicianQueue } from 'shared-contracts/schemas';
import { uploadChecklistPhoto, type UploadOptions } from './photoUpload';

interface Envelope {
  success?: boolean;
  message?: string;
  code?: string;
  data?: unknown;
}

/** The `data` of a successful envelope; a 2xx that says `success: false` or carries no data is an ApiError. */
async function read<T>(request: Promise<unknown>): Promise<T> {
  const body = (await request) as Envelope | null;
  if (body?.success === false) throw new ApiError(body.message ?? messages.errors.badResponse, 200, body.code ?? 'UNSUCCESSFUL', [], body);
  if (body?.data === undefined || body.data === null) throw new ApiError(messages.errors.badResponse, 200, 'BAD_RESPONSE');
  return body.data as T;
}

/** A call whose answer the page does not need (it reloads what it shows): only a refusal matters. */
async function done(request: Promise<unknown>): Promise<void> {
  const body = (await request) as Envelope | null;
  if (body?.success === false) throw new ApiError(body.message ?? messages.errors.badResponse, 200, body.code ?? 'UNSUCCESSFUL', [], body);
}

export interface ChecklistAnswer {
  result: ChecklistResult | null;
  /** trimmed, null when empty */
  note: string | null;
}

const orderPath = (id: number) => `/service-orders/${id}`;
const itemPath = (orderId: number, itemId: number) => `${orderPath(orderId)}/checklist/${itemId}`;

/**
 * The technician's floor (spec back-office.md T1–T3): the queue with the running clock and KPIs, one service
 * order with its checklist, the start / finish transitions (with the version the page saw), the clock, the
 * checklist answers and their photos. Every call throws the API client's ApiError (Vietnamese message, status,
 * code, and the envelope in `body` for the 409s that carry data).
 */
export const technicianApi = {
  /** GET /technician/queue: my orders, my centre's unassigned ones, my running clock, my KPIs. */
  queue: (signal?: AbortSignal) => read<TechnicianQueue>(apiClient.get('/technician/queue', { signal })),
  /** GET /service-orders/:id: the order with its checklist, version and the actions I may take. */
  order: (id: number, signal?: AbortSignal) => read<ServiceOrderDetail>(apiClient.get(orderPath(id), { signal })),

  /** POST /service-orders/:id/start {version}: OPEN → IN_PROGRESS, the clock starts. */
  start: (id: number, version: number) => done(apiClient.post(`${orderPath(id)}/start`, { version })),
  /** POST /service-orders/:id/finish {version}: IN_PROGRESS → WORK_DONE (409 CHECKLIST_INCOMPLETE with data.pendingItems). */
  finish: (id: number, version: number) => done(apiClient.post(`${orderPath(id)}/finish`, { version })),

  /** POST /technician/clock/in: 409 ALREADY_CLOCKED_IN (data.activeServiceOrderCode) unless `switchRunning`. */
  clockIn: (serviceOrderId: number, switchRunning = false) =>
    done(apiClient.post('/technician/clock/in', switchRunning ? { serviceOrderId, switch: true } : { serviceOrderId })),
  /** POST /technician/clock/out: stops my running clock. */
  clockOut: () => done(apiClient.post('/technician/clock/out', {})),

  /** PUT /service-orders/:id/checklist/:itemId {result, note}: the item as saved (when the server sends it back). */
  saveAnswer: async (orderId: number, itemId: number, answer: ChecklistAnswer): Promise<Partial<ServiceOrderChecklistItem> | null> => {
    const body = (await apiClient.put(itemPath(orderId, itemId), answer)) as Envelope | null;
    if (body?.success === false) throw new ApiError(body.message ?? messages.errors.badResponse, 200, body.code ?? 'UNSUCCESSFUL', [], body);
    const data = body?.data;
    return typeof data === 'object' && data !== null ? (data as Partial<ServiceOrderChecklistItem>) : null;
  },

  /** POST …/checklist/:itemId/photos (multipart 'file'), with upload progress. */
  uploadPhoto: (orderId: number, itemId: number, file: File, options: UploadOptions = {}): Promise<ChecklistPhoto> =>
    uploadChecklistPhoto(`${itemPath(orderId, itemId)}/photos`, file, {
      ...options,
      // a 401 means the access token expired: any call through the shared client renews it
      renewToken: options.renewToken ?? (() => apiClient.get('/Auth/profile')),
    }),
  /** DELETE …/checklist/:itemId/photos/:photoId. */
  deletePhoto: (orderId: number, itemId: number, photoId: number) => done(apiClient.delete(`${itemPath(orderId, itemId)}/photos/${photoId}`)),
};

export type TechnicianApi = typeof technicianApi;
