import { EventBus, eventBus } from '../src';

describe('event bus', () => {
  it('delivers typed events to subscribers of that type only', () => {
    const bus = new EventBus();
    const toasts: string[] = [];
    const counts: number[] = [];
    bus.on('toast/show').subscribe((toast) => toasts.push(toast.message));
    bus.on('cart/changed').subscribe((cart) => counts.push(cart.itemCount));
    bus.publish('toast/show', { type: 'info', message: 'Xin chào' });
    bus.publish('cart/changed', { itemCount: 3, total: 300_000 });
    expect(toasts).toEqual(['Xin chào']);
    expect(counts).toEqual([3]);
  });

  it('replays the last event of a type to late subscribers through state()', () => {
    const bus = new EventBus();
    bus.publish('cart/changed', { itemCount: 2, total: 10 });
    bus.publish('cart/changed', { itemCount: 4, total: 20 });
    const seen: number[] = [];
    bus.state('cart/changed').subscribe((cart) => seen.push(cart.itemCount));
    bus.publish('cart/changed', { itemCount: 5, total: 30 });
    expect(seen).toEqual([4, 5]);
    const none: unknown[] = [];
    bus.state('auth/logout').subscribe((event) => none.push(event));
    expect(none).toEqual([]);
  });

  it('is one instance per page, shared through globalThis', () => {
    expect((globalThis as Record<string, unknown>).__evShopEventBus__).toBe(eventBus);
  });
});
