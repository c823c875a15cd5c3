import type { Kysely } from 'kysely';
import type { BrokerLog } from '../broker/brokerChannel';
import type { Database } from '../db/schema';
import { idsAfter, logHead, payloadsOf } from './eventLog';
import type { LogCursor } from './logCursor';

/** While the broker is lost (this instance cannot listen or cannot publish), the log is read this often. */
export const TAIL_EVERY_MS = 500;
/**
 * While the broker works, the log is still swept this often (ids only, payloads of what the broker did not bring):
 * another instance that cannot publish leaves its messages in the log only.
 */
export const SWEEP_EVERY_MS = 2_000;
/** Reads failing this long while the broker is lost: the instance is blind (its streams are told). */
export const BLIND_AFTER_MS = 1_500;
/** Ids read at a time. */
const READ_BATCH = 500;

export interface LogFollowerTimings {
  tailEveryMs: number;
  sweepEveryMs: number;
  blindAfterMs: number;
}

export interface LogFollowerOptions {
  db: Kysely<Database>;
  cursor: LogCursor;
  log: BrokerLog;
  /** A row this instance had not delivered yet (its id already claimed in the cursor). */
  deliver(id: number, payload: string): void;
  /** The instance became blind (true) or can deliver again (false). */
  onBlindChange(blind: boolean): void;
  timings?: Partial<LogFollowerTimings>;
}

export interface LogFollower {
  /** Reads the log's newest id (where this instance starts) once, and starts reading; resolves when the first read is done. */
  start(): Promise<void>;
  /** The broker's side of this instance: listening (subscribed) and publishing; either down means tailing the log. */
  setBroker(part: 'listening' | 'publishing', up: boolean): void;
  isTailing(): boolean;
  close(): void;
}

/**
 * Reads the live log after what this instance has delivered: every TAIL_EVERY_MS while the broker is lost, once at
 * once when it comes back (the catch-up), then every SWEEP_EVERY_MS. Delivered ids are claimed in the cursor, so
 * a message the broker brings too is delivered once.
 */
export function logFollower(options: LogFollowerOptions): LogFollower {
  const { db, cursor, log } = options;
  const timings: LogFollowerTimings = { tailEveryMs: TAIL_EVERY_MS, sweepEveryMs: SWEEP_EVERY_MS, blindAfterMs: BLIND_AFTER_MS, ...options.timings };
  const broker = { listening: false, publishing: true };
  let started: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let reading: Promise<void> | null = null;
  let closed = false;
  let failingSince: number | null = null;
  let blind = false;

  const tailing = () => !broker.listening || !broker.publishing;

  const setBlind = (next: boolean) => {
    if (blind === next) return;
    blind = next;
    options.onBlindChange(next);
  };

  /** Delivers every row after the floor that the broker did not bring, batch after batch. */
  const readOnce = async (): Promise<void> => {
    if (cursor.floor === null) cursor.start(await logHead(db));
    for (;;) {
      const from = cursor.floor ?? 0;
      const ids = await idsAfter(db, from, READ_BATCH);
      const rows = await payloadsOf(
        db,
        ids.filter((id) => !cursor.has(id)),
      );
      for (const row of rows) if (cursor.claim(row.id)) options.deliver(row.id, row.payload);
      cursor.advance(ids);
      // A young gap holds the floor: the rest waits for the next turn.
      if (ids.length < READ_BATCH || cursor.floor === from) return;
    }
  };

  const read = (): Promise<void> => {
    reading ??= readOnce()
      .then(
        () => {
          failingSince = null;
          setBlind(false);
        },
        (error: unknown) => {
          if (failingSince === null) log.warn({ err: error }, 'live events: cannot read the event log');
          failingSince ??= Date.now();
          if (tailing() && Date.now() - failingSince >= timings.blindAfterMs) setBlind(true);
        },
      )
      .finally(() => {
        reading = null;
      });
    return reading;
  };

  const schedule = (delayMs: number) => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void read().then(() => schedule(tailing() ? timings.tailEveryMs : timings.sweepEveryMs));
    }, delayMs);
    timer.unref();
  };

  return {
    start() {
      started ??= read().then(() => schedule(tailing() ? timings.tailEveryMs : timings.sweepEveryMs));
      return started;
    },
    setBroker(part, up) {
      const wasTailing = tailing();
      broker[part] = up;
      if (wasTailing === tailing() || !started) return;
      if (!tailing()) setBlind(false);
      // Lost: start tailing now. Back: catch up once now, then sweep.
      schedule(0);
    },
    isTailing: tailing,
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
