import { memoryEventBus } from '../../src/events/eventBus';
import { changeAlters, createFloorReadCache } from '../../src/events/floorReadCache';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 19, 1, 0, seconds));

describe('the floor read cache (ready answers of the day view and the board)', () => {
  function setUp(view: 'day' | 'board') {
    const events = memoryEventBus();
    const cache = createFloorReadCache(events, view, { maxAgeMs: 5_000 });
    let builds = 0;
    const build = (text: string) => async () => {
      builds += 1;
      return Buffer.from(text);
    };
    return { events, cache, build, builds: () => builds };
  }

  it('serves the kept answer until the centre changes, then builds it again', async () => {
    const { events, cache, build, builds } = setUp('day');
    expect((await cache.json(1, '2026-11-19', at(0), build('a'))).toString()).toBe('a');
    expect((await cache.json(1, '2026-11-19', at(1), build('b'))).toString()).toBe('a');
    expect(builds()).toBe(1);

    // Another centre's change leaves centre 1's answer as it was.
    await events.publishFloorChange(2, { kind: 'appointment', appointmentId: 5, serviceOrderId: null });
    expect((await cache.json(1, '2026-11-19', at(2), build('c'))).toString()).toBe('a');

    await events.publishFloorChange(1, { kind: 'appointment', appointmentId: 5, serviceOrderId: null });
    expect((await cache.json(1, '2026-11-19', at(2), build('d'))).toString()).toBe('d');
    // Status changes of appointments and service orders count too.
    await events.publishServiceOrder({
      userId: null,
      centreId: 1,
      event: { appointmentId: 5, serviceOrderId: 7, serviceOrderCode: 'PDV261119AAAA', status: 'OPEN', statusLabel: 'Đã tiếp nhận', pendingApprovals: 0, at: at(3).toISOString() },
    });
    expect((await cache.json(1, '2026-11-19', at(3), build('e'))).toString()).toBe('e');
    expect(builds()).toBe(3);
    cache.close();
  });

  it('keeps an answer at most maxAgeMs of the app clock (worked minutes, the no-show flag), and never one from its future', async () => {
    const { cache, build } = setUp('board');
    await cache.json(1, 'd', at(10), build('first'));
    expect((await cache.json(1, 'd', at(14), build('x'))).toString()).toBe('first');
    expect((await cache.json(1, 'd', at(15), build('second'))).toString()).toBe('second');
    // A manual clock set back: the kept answer was built later than "now".
    expect((await cache.json(1, 'd', at(1), build('third'))).toString()).toBe('third');
  });

  it('does not keep an answer built while the floor changed, and shares one build among requests that wait', async () => {
    const { events, cache, builds } = setUp('day');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let count = 0;
    const slowBuild = async () => {
      count += 1;
      await gate;
      return Buffer.from(`built ${count}`);
    };
    const waiting = [cache.json(1, 'd', at(0), slowBuild), cache.json(1, 'd', at(0), slowBuild), cache.json(1, 'd', at(0), slowBuild)];
    await events.publishFloorChange(1, { kind: 'service-order', appointmentId: null, serviceOrderId: 3 });
    release();
    expect((await Promise.all(waiting)).map(String)).toEqual(['built 1', 'built 1', 'built 1']);
    expect(count).toBe(1);
    // Not kept: the next request builds from the floor after the change.
    expect((await cache.json(1, 'd', at(0), slowBuild)).toString()).toBe('built 2');
    expect(builds()).toBe(0);
  });

  it('lets a checklist answer leave the day view alone, and the board too unless the answered count moved', async () => {
    expect(changeAlters('day', 'checklist')).toBe(false);
    expect(changeAlters('board', 'checklist')).toBe(false);
    expect(changeAlters('day', 'checklist-progress')).toBe(false);
    expect(changeAlters('board', 'checklist-progress')).toBe(true);
    expect(changeAlters('day', 'service-order')).toBe(true);
    expect(changeAlters('board', 'appointment')).toBe(true);
    expect(changeAlters('board', 'parts-request')).toBe(true);
    expect(changeAlters('day', 'parts-request')).toBe(false);
    expect(changeAlters('day', 'inventory')).toBe(false);
    expect(changeAlters('board', 'inventory')).toBe(false);
    // The stock table: every change but the checklist's (a reservation, its release with the order, a stock move).
    for (const kind of ['inventory', 'parts-request', 'service-order', 'appointment', 'something-new']) expect(changeAlters('inventory', kind)).toBe(true);
    expect(changeAlters('inventory', 'checklist')).toBe(false);
    expect(changeAlters('inventory', 'checklist-progress')).toBe(false);

    const { events, cache, build } = setUp('board');
    await cache.json(1, 'd', at(0), build('before'));
    await events.publishFloorChange(1, { kind: 'checklist', appointmentId: null, serviceOrderId: 3 });
    expect((await cache.json(1, 'd', at(0), build('x'))).toString()).toBe('before');
    await events.publishFloorChange(1, { kind: 'checklist-progress', appointmentId: null, serviceOrderId: 3 });
    expect((await cache.json(1, 'd', at(0), build('after'))).toString()).toBe('after');
  });
});
