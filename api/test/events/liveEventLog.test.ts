import { sql, type Kysely } from 'kysely';
import type { BrokerChannel } from '../../src/broker/brokerChannel';
import { redisChannel } from '../../src/broker/redisChannel';
import type { Database } from '../../src/db/schema';
import { loggedEventBus, REPLAY_MAX_ROWS, type EventBus, type StreamSource } from '../../src/events/eventBus';
import { logHead, pruneLog } from '../../src/events/eventLog';
import { freePort } from '../support/redisServer';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

const silentLog = { warn: () => undefined, error: () => undefined };
const FAST = { tailEveryMs: 50, sweepEveryMs: 100, blindAfterMs: 100 };

async function until(condition: () => boolean, what: string, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A broker the test switches off and on: each channel is one instance's, like Redis pub/sub (the publisher hears itself). */
function switchableBroker() {
  let up = true;
  let publishMs = 0;
  const members = new Set<{ onMessage: (message: string) => void; onResync?: () => void; onLost?: () => void; listening: boolean }>();
  return {
    /** How long a publish takes before it is heard (or refused). */
    slow(ms: number) {
      publishMs = ms;
    },
    set(next: boolean) {
      up = next;
      for (const member of members) {
        if (!next && member.listening) {
          member.listening = false;
          member.onLost?.();
        } else if (next && !member.listening) {
          member.listening = true;
          member.onResync?.();
        }
      }
    },
    channel(): BrokerChannel {
      let me: { onMessage: (message: string) => void; onResync?: () => void; onLost?: () => void; listening: boolean } | null = null;
      return {
        kind: 'redis',
        async publish(message) {
          if (publishMs > 0) await pause(publishMs);
          if (!up) throw new Error('broker down');
          for (const member of members) if (member.listening) setImmediate(() => member.onMessage(message));
        },
        async listen(onMessage, onResync, onLost) {
          if (!me) {
            me = { onMessage, onResync, onLost, listening: false };
            members.add(me);
          }
          if (up) me.listening = true;
          else onLost?.();
        },
        isListening: () => me?.listening ?? false,
        async close() {
          if (me) members.delete(me);
        },
      };
    },
  };
}

const floorChange = (appointmentId: number) => ({ kind: 'appointment', appointmentId, serviceOrderId: null });

/** What a centre's floor listener of `bus` received: appointment ids and log ids. */
function watchCentre(bus: EventBus, centreId: number) {
  const received: Array<{ appointmentId: number | null; id: number | null }> = [];
  const stop = bus.subscribeCentre(centreId, (event, id) => received.push({ appointmentId: event.appointmentId, id }));
  return { received, stop };
}

describe.each(testDatabases())('the live event log on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: true });
  const opened: EventBus[] = [];
  const connections: Array<Kysely<Database>> = [];
  const bus = (channel: BrokerChannel | null, db: Kysely<Database> = scratch.db, timings = FAST) => {
    const created = loggedEventBus({ db, log: silentLog, channel, timings });
    opened.push(created);
    return created;
  };
  const otherConnection = () => {
    const db = scratch.connect();
    connections.push(db);
    return db;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((each) => each.close()));
    await Promise.all(connections.splice(0).map((db) => db.destroy()));
  });

  it('publishes within a few milliseconds while nothing listens at REDIS_URL: one insert, delivered here with its log id', async () => {
    const port = await freePort();
    const events = bus(redisChannel({ url: `redis://127.0.0.1:${port}`, channel: 'test:live-log', label: 'test events', log: silentLog }));
    const startedReady = Date.now();
    await events.ready();
    // The subscription waits for Redis; the bus does not (the log serves meanwhile).
    expect(Date.now() - startedReady).toBeLessThan(1_500);
    const mine = watchCentre(events, 1);
    const took: number[] = [];
    for (let index = 1; index <= 5; index += 1) {
      const started = performance.now();
      await events.publishFloorChange(1, floorChange(index));
      took.push(performance.now() - started);
    }
    // Before: each publish awaited Redis (1 s apiece with Redis down).
    expect(Math.max(...took)).toBeLessThan(100);
    expect(mine.received.map((each) => each.appointmentId)).toEqual([1, 2, 3, 4, 5]);
    const ids = mine.received.map((each) => each.id);
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    expect(ids).toEqual([...ids].sort((a, b) => Number(a) - Number(b)));
    expect(await logHead(scratch.db)).toBe(ids[4]);
    console.info(`publish with Redis down on ${target.label}: ${took.map((ms) => ms.toFixed(2)).join(', ')} ms`);
  });

  it("writes what one action publishes together as one insert: each message its own id, in the order published", async () => {
    let logInserts = 0;
    const counted = scratch.db.withPlugin({
      transformQuery(args) {
        const node = args.node as { kind: string; into?: { table?: { identifier?: { name?: string } } }; sqlFragments?: readonly string[] };
        const table = node.kind === 'InsertQueryNode' ? node.into?.table?.identifier?.name : node.sqlFragments?.join('').includes('insert into live_event_log') ? 'live_event_log' : undefined;
        if (table === 'live_event_log') logInserts += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const events = bus(null, counted);
    await events.ready();
    const mine = watchCentre(events, 9);
    // An order placed: its events are published one after another without waiting for each other.
    await Promise.all(Array.from({ length: 30 }, (_, index) => events.publishFloorChange(9, floorChange(100 + index))));
    expect(logInserts).toBe(1);
    expect(mine.received.map((each) => each.appointmentId)).toEqual(Array.from({ length: 30 }, (_, index) => 100 + index));
    const ids = mine.received.map((each) => Number(each.id));
    expect(ids).toEqual(Array.from({ length: 30 }, (_, index) => ids[0]! + index));
    // A message published after the first ones were written is a write of its own.
    await events.publishFloorChange(9, floorChange(200));
    expect(logInserts).toBe(2);
    expect(await logHead(scratch.db)).toBe(ids[29]! + 1);
  });

  it('delivers another instance’s messages by reading the log while the broker is down, each once', async () => {
    const broker = switchableBroker();
    broker.set(false);
    const a = bus(broker.channel());
    const b = bus(broker.channel(), otherConnection());
    await Promise.all([a.ready(), b.ready()]);
    const onB = watchCentre(b, 3);
    const onA = watchCentre(a, 3);
    await a.publishFloorChange(3, floorChange(11));
    await a.publishFloorChange(3, floorChange(12));
    await a.publishFloorChange(4, floorChange(13));
    await until(() => onB.received.length >= 2, 'the other instance to read the log');
    await b.publishFloorChange(3, floorChange(14));
    await until(() => onA.received.length >= 3, 'the first instance to read the log');
    await pause(300);
    expect(onB.received.map((each) => each.appointmentId)).toEqual([11, 12, 14]);
    expect(onA.received.map((each) => each.appointmentId)).toEqual([11, 12, 14]);
    expect(onB.received.map((each) => each.id)).toEqual(onA.received.map((each) => each.id));
  });

  it('catches up once when the broker comes back, then relies on it again; nothing twice', async () => {
    const broker = switchableBroker();
    const a = bus(broker.channel());
    const b = bus(broker.channel(), otherConnection());
    await Promise.all([a.ready(), b.ready()]);
    const onB = watchCentre(b, 5);
    await a.publishFloorChange(5, floorChange(21));
    await until(() => onB.received.length === 1, 'the broker to deliver');
    broker.set(false);
    await a.publishFloorChange(5, floorChange(22));
    await until(() => onB.received.length === 2, 'the log to deliver while the broker is down');
    broker.set(true);
    await a.publishFloorChange(5, floorChange(23));
    await until(() => onB.received.length === 3, 'the broker to deliver again');
    // Sweeps of the log meanwhile bring the same ids: none is delivered twice.
    await pause(400);
    expect(onB.received.map((each) => each.appointmentId)).toEqual([21, 22, 23]);
  });

  it('relays, once its first try succeeds, what an instance published while that try was on its way', async () => {
    // The others sweep the log only every 10 s here: what reaches them within a second came by the broker.
    const slowSweeps = { ...FAST, sweepEveryMs: 10_000 };
    const broker = switchableBroker();
    const a = bus(broker.channel(), scratch.db, slowSweeps);
    const b = bus(broker.channel(), otherConnection(), slowSweeps);
    await Promise.all([a.ready(), b.ready()]);
    const onB = watchCentre(b, 6);
    broker.set(false);
    await a.publishFloorChange(6, floorChange(31));
    await until(() => onB.received.length === 1, 'the log to deliver while the broker is down');
    broker.set(true);
    await pause(50);
    // The broker back: the first message is the probe (200 ms on its way), the next waits for it.
    broker.slow(200);
    await a.publishFloorChange(6, floorChange(32));
    await a.publishFloorChange(6, floorChange(33));
    await until(() => onB.received.length === 3, 'the broker to bring both', 1_500);
    await pause(300);
    expect(onB.received.map((each) => each.appointmentId)).toEqual([31, 32, 33]);
  });

  it('replays to a stream exactly what its listeners would have received after an id, and asks for a resync past the log', async () => {
    const events = bus(null);
    const mine = watchCentre(events, 7);
    await events.publishFloorChange(7, floorChange(31));
    const lastSeen = mine.received[0]!.id!;
    await events.publish({ userId: 70, centreId: 7, event: { appointmentId: 32, code: 'LH261120AAAAA', status: 'CONFIRMED', statusLabel: 'Đã xác nhận', at: '2026-11-19T01:00:00.000Z' } });
    await events.publishFloorChange(8, floorChange(33));
    await events.publishOrderStatus({ userId: 71, event: { orderId: 1, orderCode: 'EV2611-0001', status: 'CONFIRMED', statusLabel: 'Đã xác nhận', paymentStatus: 'PENDING', at: '2026-11-19T01:00:00.000Z' } as never });
    await events.publishFloorChange(7, floorChange(34));

    const replayed: Array<{ appointmentId: number | null; id: number | null }> = [];
    const centreOnly = (source: StreamSource) => source.subscribeCentre(7, (event, id) => replayed.push({ appointmentId: event.appointmentId, id }));
    const outcome = await events.replay(lastSeen, centreOnly);
    // The seconds before Last-Event-ID come again too (ids may reach a stream out of order); the reader drops the
    // frames it handled (shared-contracts eventStream), so what the stream has not had is exactly what it missed.
    expect(replayed.map((each) => each.appointmentId)).toEqual([31, 32, 34]);
    expect(replayed.filter((each) => each.id! > lastSeen).map((each) => each.appointmentId)).toEqual([32, 34]);
    expect(outcome).toEqual({ kind: 'replayed', ids: replayed.map((each) => each.id) });
    // The customer's stream: their appointment only.
    const customer: string[] = [];
    await events.replay(lastSeen, (source) => source.subscribe(70, (event) => customer.push(event.name)));
    expect(customer).toEqual(['appointment-status']);
    // Written more than REPLAY_LOOK_BACK_MS before Last-Event-ID: not sent again.
    await sql`update live_event_log set created_at = ${scratch.dialect === 'postgres' ? new Date(Date.now() - 60_000) : new Date(Date.now() - 60_000).toISOString()} where id = ${lastSeen}`.execute(scratch.db);
    const afterOld: Array<number | null> = [];
    await events.replay(replayed[1]!.id!, (source) => source.subscribeCentre(7, (event) => afterOld.push(event.appointmentId)));
    expect(afterOld).toEqual([32, 34]);
    expect(events.subscriberCount()).toBe(1);

    // Rows the log no longer keeps: read again.
    await pruneLog(scratch.db, new Date(Date.now() + 60_000));
    await events.publishFloorChange(7, floorChange(35));
    expect(await events.replay(lastSeen, centreOnly)).toEqual({ kind: 'resync', head: await logHead(scratch.db) });
  });

  it('asks for a resync rather than replay more than REPLAY_MAX_ROWS', async () => {
    const events = bus(null);
    const mine = watchCentre(events, 9);
    await events.publishFloorChange(9, floorChange(1));
    for (let index = 0; index <= REPLAY_MAX_ROWS; index += 1) await events.publishFloorChange(9, floorChange(2));
    const outcome = await events.replay(mine.received[0]!.id!, (source) => source.subscribeCentre(9, () => undefined));
    expect(outcome.kind).toBe('resync');
  });

  it('prunes only the rows older than the cutoff', async () => {
    const events = bus(null);
    await events.publishFloorChange(10, floorChange(1));
    const head = await logHead(scratch.db);
    await pruneLog(scratch.db, new Date(Date.now() - 60_000));
    expect(await logHead(scratch.db)).toBe(head);
    await pruneLog(scratch.db, new Date(Date.now() + 60_000));
    expect(await logHead(scratch.db)).toBe(0);
  });
});
