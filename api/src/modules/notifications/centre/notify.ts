import type { Kysely } from 'kysely';
import type { NotificationKind } from 'shared-contracts/schemas';
import type { Database } from '../../../db/schema';
import type { EventBus } from '../../../events/eventBus';

export interface NotifyDeps {
  db: Kysely<Database>;
  events: EventBus;
  now: Date;
}

export interface NotifyInput {
  userId: number;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A site path to open, or null. */
  link: string | null;
  /** Unique per user: the same event never makes two notifications (e.g. 'order:42:shipped'). */
  eventKey: string;
}

/**
 * STUB (issue 49): writes the notification (once per user and eventKey), tells the user's open pages and schedules
 * its deliveries on the channels the user allows. Called after the change it is about was committed.
 */
export async function notify(_deps: NotifyDeps, _inputs: NotifyInput | readonly NotifyInput[]): Promise<void> {}
