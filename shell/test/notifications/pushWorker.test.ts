/**
 * @jest-environment ./test/nodeServerEnvironment.cjs
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';

const SOURCE = readFileSync(path.join(__dirname, '..', '..', 'public', 'push-sw.js'), 'utf8');
const ORIGIN = 'https://evshop.vn';

interface Tab {
  url: string;
  focus: jest.Mock;
  navigate: jest.Mock;
}

function tab(url: string, controlled = true): Tab {
  const self: Tab = {
    url,
    focus: jest.fn(async () => self),
    navigate: jest.fn(async (to: string) => (controlled ? { ...self, url: to } : Promise.reject(new TypeError('not controlled')))),
  };
  return self;
}

/** The worker in a service worker's global scope of the site, with the browser's parts recorded. */
function worker(tabs: Tab[] = []) {
  const handlers = new Map<string, (event: unknown) => void>();
  const showNotification = jest.fn(async () => undefined);
  const openWindow = jest.fn(async () => null);
  const self = {
    location: { origin: ORIGIN },
    registration: { showNotification },
    clients: { matchAll: jest.fn(async () => tabs), openWindow },
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
  };
  runInNewContext(SOURCE, { self, URL });
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let done: Promise<unknown> = Promise.resolve();
    handlers.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => (done = promise) });
    await done;
  };
  return { dispatch, showNotification, openWindow };
}

const pushData = (payload: unknown) => ({ json: () => payload, text: () => JSON.stringify(payload) });

describe("the shell's Web Push worker", () => {
  it('shows the pushed notification with the site icon and its link', async () => {
    const { dispatch, showNotification } = worker();
    await dispatch('push', { data: pushData({ title: 'Xe của bạn đã sẵn sàng', body: 'Mời anh/chị đến nhận xe.', link: '/appointments/12', tag: 'vehicle-12' }) });
    expect(showNotification).toHaveBeenCalledWith('Xe của bạn đã sẵn sàng', {
      body: 'Mời anh/chị đến nhận xe.',
      icon: '/push-icon.png',
      badge: '/push-icon.png',
      lang: 'vi',
      tag: 'vehicle-12',
      data: { url: `${ORIGIN}/appointments/12` },
    });
  });

  it('never sends a click to another site', async () => {
    const { dispatch, showNotification } = worker();
    await dispatch('push', { data: pushData({ title: 'Ưu đãi', body: '', link: '//evil.example/x' }) });
    expect(showNotification).toHaveBeenCalledWith('Ưu đãi', expect.objectContaining({ data: { url: `${ORIGIN}/` } }));
  });

  it('takes an open tab of the site to the link on a click', async () => {
    const open = tab(`${ORIGIN}/products`);
    const { dispatch, openWindow } = worker([tab('https://other.example/'), open]);
    const close = jest.fn();
    await dispatch('notificationclick', { notification: { close, data: { url: `${ORIGIN}/orders/EV1` } } });
    expect(close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/orders/EV1`);
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('opens the link when no tab of the site can go there', async () => {
    const { dispatch, openWindow } = worker([tab(`${ORIGIN}/`, false)]);
    await dispatch('notificationclick', { notification: { close: jest.fn(), data: { url: `${ORIGIN}/messages/3` } } });
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}/messages/3`);
  });
});
