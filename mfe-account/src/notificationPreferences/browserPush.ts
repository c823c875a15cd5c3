import { PUSH_SERVICE_WORKER_PATH } from 'shared-contracts/notifications';
import type { PushSubscriptionInput } from 'shared-contracts/schemas';

/**
 * This browser's Web Push: the shell serves the service worker at PUSH_SERVICE_WORKER_PATH (scope: the whole
 * site); the subscription is made with the server's VAPID public key and handed to the API.
 */

export type PushSupport = 'supported' | 'unsupported' | 'denied';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || typeof Notification === 'undefined') return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** The VAPID key (URL-safe base64) as the bytes PushManager.subscribe takes. */
export function vapidKeyBytes(key: string): Uint8Array<ArrayBuffer> {
  const padded = `${key}${'='.repeat((4 - (key.length % 4)) % 4)}`.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration(PUSH_SERVICE_WORKER_PATH);
  return existing ?? navigator.serviceWorker.register(PUSH_SERVICE_WORKER_PATH, { scope: '/' });
}

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const existing = await navigator.serviceWorker.getRegistration(PUSH_SERVICE_WORKER_PATH);
  return existing ? existing.pushManager.getSubscription() : null;
}

export class PushPermissionDenied extends Error {}

/** Asks the permission, registers the service worker and subscribes; the subscription as the API takes it. */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscriptionInput> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied(permission);
  const worker = await registration();
  await navigator.serviceWorker.ready;
  const subscription =
    (await worker.pushManager.getSubscription()) ?? (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: vapidKeyBytes(publicKey) }));
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}
