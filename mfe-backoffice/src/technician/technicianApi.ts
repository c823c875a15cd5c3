import { apiClient, readData, readOk, readOutcome } from 'shared-contracts';
import type { ChecklistPhoto, ChecklistResult, ServiceOrderChecklistItem, ServiceOrderDetail, TechnicianQueue } from 'shared-contracts/schemas';
import { uploadChecklistPhoto, type UploadOptions } from './photoUpload';

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
  queue: (signal?: AbortSignal) => readData<TechnicianQueue>(apiClient.get('/technician/queue', { signal })),
  /** GET /service-orders/:id: the order with its checklist, version and the actions I may take. */
  order: (id: number, signal?: AbortSignal) => readData<ServiceOrderDetail>(apiClient.get(orderPath(id), { signal })),

  /** POST /service-orders/:id/start {version}: OPEN → IN_PROGRESS, the clock starts. */
  start: (id: number, version: number) => readOk(apiClient.post(`${orderPath(id)}/start`, { version })),
  /** POST /service-orders/:id/finish {version}: IN_PROGRESS → WORK_DONE (409 CHECKLIST_INCOMPLETE with data.pendingItems). */
  finish: (id: number, version: number) => readOk(apiClient.post(`${orderPath(id)}/finish`, { version })),

  /** POST /technician/clock/in: 409 ALREADY_CLOCKED_IN (data.activeServiceOrderCode) unless `switchRunning`. */
  clockIn: (serviceOrderId: number, switchRunning = false) =>
    readOk(apiClient.post('/technician/clock/in', switchRunning ? { serviceOrderId, switch: true } : { serviceOrderId })),
  /** POST /technician/clock/out: stops my running clock. */
  clockOut: () => readOk(apiClient.post('/technician/clock/out', {})),

  /** PUT /service-orders/:id/checklist/:itemId {result, note}: the item as saved (when the server sends it back). */
  saveAnswer: async (orderId: number, itemId: number, answer: ChecklistAnswer): Promise<Partial<ServiceOrderChecklistItem> | null> => {
    const { data } = await readOutcome<unknown>(apiClient.put(itemPath(orderId, itemId), answer));
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
  deletePhoto: (orderId: number, itemId: number, photoId: number) => readOk(apiClient.delete(`${itemPath(orderId, itemId)}/photos/${photoId}`)),
};

export type TechnicianApi = typeof technicianApi;
