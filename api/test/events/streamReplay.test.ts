import { rmSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { App } from '../../src/app';
import type { BrokerChannel } from '../../src/broker/brokerChannel';
import type { Database } from '../../src/db/schema';
import { loggedEventBus, type EventBus } from '../../src/events/eventBus';
import { pruneLog } from '../../src/events/eventLog';
import { appointmentEventsRoutes } from '../../src/modules/bookings/appointmentEventsRoutes';
import { manualClock } from '../../src/security/clock';
import { testConfig } from '../support/authTestKit';
import { buildTestApp } from '../support/testApp';
import { listen, openEventStream } from '../support/sseClient';
import { productionDatabase, useScratchDatabase } from '../support/testDatabases';

const PATH = '/probe/appointments/events';
const silentLog = { warn: () => undefined, error: () => undefined };

const statusEvent = (appointmentId: number) => ({
  appointmentId,
  code: 'LH261120ABCDE',
  status: 'CONFIRMED' as const,
  statusLabel: 'Đã xác nhận',
  at: '2026-11-19T01:00:00.000Z',
});

/** A broker that is never there: publishing fails, listening is lost at once. */
const deadBroker = (): BrokerChannel => ({
  kind: 'redis',
  publish: async () => {
    throw new Error('broker down');
  },
  listen: async (_onMessage, _onResync, onLost) => onLost?.(),
  isListening: () => false,
  close: async () => undefined,
});

describe.each(productionDatabase())('a live stream reconnecting with Last-Event-ID on $label', (target) => {
  const scratch = useScratchDatabase(target);
  const config = testConfig();
  const apps: App[] = [];
  let token = '';

  async function serving(bus: EventBus): Promise<string> {
    const app = buildTestApp(scratch.db, { context: { config, clock: manualClock(new Date()) } });
    apps.push(app);
    void app.register(appointmentEventsRoutes, { prefix: '/probe', events: bus, heartbeatMs: 60_000 });
    await app.ready();
    token = (await app.accessTokens.issue({ userId: 42, role: 'customer' })).token;
    return listen(app);
  }
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    rmSync(config.uploadDir, { recursive: true, force: true });
  });

  it('sends each frame with its log id, then exactly what the customer missed, then the live frames', async () => {
    const bus = loggedEventBus({ db: scratch.db, log: silentLog, channel: null });
    const url = await serving(bus);
    const first = await openEventStream(url, token, PATH);
    await bus.publish({ userId: 42, centreId: 1, event: statusEvent(1) });
    await first.next();
    const [lastId] = first.ids();
    expect(lastId).toMatch(/^\d+$/);
    first.close();

    // Missed while away: one of theirs, another customer's, one more of theirs.
    await bus.publish({ userId: 42, centreId: 1, event: statusEvent(2) });
    await bus.publish({ userId: 41, centreId: 1, event: statusEvent(3) });
    await bus.publish({ userId: 42, centreId: 1, event: statusEvent(4) });

    const again = await openEventStream(url, token, PATH, { 'last-event-id': lastId! });
    try {
      // The seconds before Last-Event-ID come again first (the reader drops what it handled): the frame it had.
      expect(JSON.parse((await again.next(1_000)).data)).toMatchObject({ appointmentId: 1 });
      expect(again.ids()[0]).toBe(lastId);
      expect(JSON.parse((await again.next(1_000)).data)).toMatchObject({ appointmentId: 2 });
      expect(JSON.parse((await again.next(1_000)).data)).toMatchObject({ appointmentId: 4 });
      await bus.publish({ userId: 42, centreId: 1, event: statusEvent(5) });
      expect(JSON.parse((await again.next(1_000)).data)).toMatchObject({ appointmentId: 5 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(again.pending()).toEqual([]);
      const ids = again.ids().map(Number);
      expect(ids.slice(1).every((id) => id > Number(lastId))).toBe(true);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    } finally {
      again.close();
    }
  });

  it('tells the page to read again when the id is older than the log keeps', async () => {
    const bus = loggedEventBus({ db: scratch.db, log: silentLog, channel: null });
    const url = await serving(bus);
    await bus.publish({ userId: 42, centreId: 1, event: statusEvent(6) });
    await pruneLog(scratch.db, new Date(Date.now() + 60_000));
    await bus.publish({ userId: 42, centreId: 1, event: statusEvent(7) });
    const stream = await openEventStream(url, token, PATH, { 'last-event-id': '1' });
    try {
      const event = await stream.next(1_000);
      expect(event).toEqual({ event: 'resync', data: JSON.stringify({ reason: 'too-old' }) });
      expect(stream.ids()).toEqual([expect.stringMatching(/^\d+$/)]);
    } finally {
      stream.close();
    }
  });

  it('tells the open pages and ends their streams when the broker is lost and the log cannot be read; new ones answer 503', async () => {
    const db: Kysely<Database> = scratch.connect();
    const bus = loggedEventBus({ db, log: silentLog, channel: deadBroker(), timings: { tailEveryMs: 20, sweepEveryMs: 20, blindAfterMs: 100 } });
    try {
      const url = await serving(bus);
      const stream = await openEventStream(url, token, PATH);
      expect(stream.status).toBe(200);
      await db.destroy();
      expect(await stream.next(2_000)).toEqual({ event: 'resync', data: JSON.stringify({ reason: 'bus-down' }) });
      await stream.ended;
      expect(bus.isBlind()).toBe(true);
      stream.close();
      const refused = await openEventStream(url, token, PATH);
      refused.close();
      expect(refused.status).toBe(503);
    } finally {
      await bus.close();
    }
  });
});
