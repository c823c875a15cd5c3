import type { ToastRequest, ToastType } from 'shared-contracts';

export const MAX_TOASTS = 20;
export const DEFAULT_TOAST_MS = 4000;
export const SUCCESS_TOAST_MS = 3000;

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  duration: number;
}

export function toastDuration(request: ToastRequest): number {
  if (typeof request.duration === 'number' && request.duration > 0) return request.duration;
  return request.type === 'success' ? SUCCESS_TOAST_MS : DEFAULT_TOAST_MS;
}

/** Adds a toast; at most 20 are shown, the oldest goes first. */
export function addToast(queue: Toast[], request: ToastRequest, id: number): Toast[] {
  const next = [...queue, { id, type: request.type, message: request.message, duration: toastDuration(request) }];
  return next.length > MAX_TOASTS ? next.slice(next.length - MAX_TOASTS) : next;
}

export function removeToast(queue: Toast[], id: number): Toast[] {
  return queue.filter((toast) => toast.id !== id);
}
