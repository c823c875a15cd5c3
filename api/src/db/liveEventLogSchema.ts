import type { Generated } from 'kysely';
import type { InstantDefaultNow } from './instants';

/** One message of the live bus (events/eventLog.ts): kept about 15 minutes for replays and for instances that lost the broker. */
export interface LiveEventLogTable {
  /** The SSE `id:` of the message's frames. */
  id: Generated<number>;
  /** The customer or user whose streams get it, if any. */
  user_id: number | null;
  /** The centre whose floor streams get it, if any. */
  centre_id: number | null;
  /** The bus message as JSON (events/eventBus.ts BusMessage). */
  payload: string;
  created_at: InstantDefaultNow;
}

export interface LiveEventLogTables {
  live_event_log: LiveEventLogTable;
}
