import type { Kysely } from 'kysely';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TOPICS,
  type NotificationChannel as ChannelName,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  type NotificationTopic,
} from 'shared-contracts/schemas';
import { chunksOf, paddedInList } from '../../../db/chunks';
import type { Database } from '../../../db/schema';
import { toInternationalVietnamesePhone } from './phone';

type Choices = Record<ChannelName, boolean>;

/** Every topic's channels before the user's own rows: DEFAULT_NOTIFICATION_PREFERENCES, marketing off everywhere. */
function defaultChoices(): Record<NotificationTopic, Choices> {
  return Object.fromEntries(
    NOTIFICATION_TOPICS.map((name) => [name, { ...DEFAULT_NOTIFICATION_PREFERENCES[name], ...(name === 'marketing' ? { push: false, zalo: false, sms: false, email: false } : {}) }]),
  ) as Record<NotificationTopic, Choices>;
}

function applyChoice(choices: Record<NotificationTopic, Choices>, row: { topic: string; channel: string; enabled: number }): void {
  if ((NOTIFICATION_TOPICS as readonly string[]).includes(row.topic) && (NOTIFICATION_CHANNELS as readonly string[]).includes(row.channel)) {
    choices[row.topic as NotificationTopic][row.channel as ChannelName] = row.enabled === 1;
  }
}

/** The user's channels per topic: their rows, DEFAULT_NOTIFICATION_PREFERENCES where none; marketing only where they opted in. */
export async function readChoices(db: Kysely<Database>, userId: number, topic?: NotificationTopic): Promise<Record<NotificationTopic, Choices>> {
  let query = db.selectFrom('notification_preferences').select(['topic', 'channel', 'enabled']).where('user_id', '=', userId);
  if (topic) query = query.where('topic', '=', topic);
  const rows = await query.execute();
  const choices = defaultChoices();
  for (const row of rows) applyChoice(choices, row);
  return choices;
}

/** What the user can be reached on, as far as their account knows (a phone, a verified email, a subscribed device). */
export interface Reach {
  fullName: string;
  email: string;
  emailVerified: boolean;
  phone: string | null;
  pushSubscriptionCount: number;
}

function reachOf(user: { full_name: string; email: string; email_verified_at: unknown; phone_number: string | null; disabled_at: unknown; push_count: number | string | null }): Reach | null {
  if (user.disabled_at !== null) return null;
  return {
    fullName: user.full_name,
    email: user.email,
    emailVerified: user.email_verified_at !== null,
    phone: user.phone_number,
    pushSubscriptionCount: Number(user.push_count ?? 0),
  };
}

function selectReach(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.full_name', 'users.email', 'users.email_verified_at', 'users.phone_number', 'users.disabled_at'])
    .select((eb) => eb.selectFrom('push_subscriptions').select(eb.fn.countAll<number | string>().as('n')).whereRef('push_subscriptions.user_id', '=', 'users.id').as('push_count'));
}

export async function readReach(db: Kysely<Database>, userId: number): Promise<Reach | null> {
  const user = await selectReach(db).where('id', '=', userId).executeTakeFirst();
  return user ? reachOf(user) : null;
}

/** readReach of several users in one read: null for an unknown or disabled account. */
export async function readReachOf(db: Kysely<Database>, userIds: readonly number[]): Promise<Map<number, Reach | null>> {
  const byUser = new Map<number, Reach | null>(userIds.map((userId) => [userId, null]));
  for (const chunk of chunksOf([...byUser.keys()])) {
    for (const user of await selectReach(db).where('id', 'in', paddedInList(chunk)).execute()) byUser.set(user.id, reachOf(user));
  }
  return byUser;
}

/**
 * Several users' channels for `topics` (one at least; readChoices: their other topics keep the defaults) and their reach
 * (readReachOf: null for an unknown or disabled account), in one read: each user's row beside each of their choices
 * for the topics.
 */
export async function readChoicesAndReachOf(
  db: Kysely<Database>,
  userIds: readonly number[],
  topics: readonly NotificationTopic[],
): Promise<{ choices: Map<number, Record<NotificationTopic, Choices>>; reach: Map<number, Reach | null> }> {
  const choices = new Map<number, Record<NotificationTopic, Choices>>(userIds.map((userId) => [userId, defaultChoices()]));
  const reach = new Map<number, Reach | null>(userIds.map((userId) => [userId, null]));
  const topicList = paddedInList([...new Set(topics)]);
  if (topicList.length === 0) throw new RangeError('readChoicesAndReachOf: no topic');
  for (const chunk of chunksOf([...choices.keys()])) {
    const rows = await selectReach(db)
      .leftJoin('notification_preferences', (join) =>
        join.onRef('notification_preferences.user_id', '=', 'users.id').on('notification_preferences.topic', 'in', topicList),
      )
      .select(['notification_preferences.topic', 'notification_preferences.channel', 'notification_preferences.enabled'])
      .where('users.id', 'in', paddedInList(chunk))
      .execute();
    for (const row of rows) {
      reach.set(row.id, reachOf(row));
      if (row.topic !== null && row.channel !== null && row.enabled !== null) applyChoice(choices.get(row.id)!, { topic: row.topic, channel: row.channel, enabled: row.enabled });
    }
  }
  return { choices, reach };
}

/** Whether the account can be reached on a channel at all (the channel's own configuration aside). */
export function accountReaches(reach: Reach, channel: ChannelName): boolean {
  switch (channel) {
    case 'push':
      return reach.pushSubscriptionCount > 0;
    case 'zalo':
    case 'sms':
      return toInternationalVietnamesePhone(reach.phone) !== null;
    case 'email':
      return reach.emailVerified && reach.email.length > 0;
  }
}

/**
 * The first channel after `after` (from the start when null), in NOTIFICATION_CHANNELS order, that the user allows for
 * the topic and can be reached on, skipping `tried`; null when none is left.
 */
export function nextChannel(choices: Choices, reach: Reach, after: ChannelName | null, tried: ReadonlySet<string>, available: (channel: ChannelName) => boolean = () => true): ChannelName | null {
  const start = after === null ? 0 : NOTIFICATION_CHANNELS.indexOf(after) + 1;
  for (const channel of NOTIFICATION_CHANNELS.slice(start)) {
    if (choices[channel] && !tried.has(channel) && available(channel) && accountReaches(reach, channel)) return channel;
  }
  return null;
}

/** GET /api/notifications/preferences's answer. */
export async function readPreferences(db: Kysely<Database>, userId: number, available: (channel: ChannelName) => boolean): Promise<NotificationPreferences> {
  const [topics, reach] = await Promise.all([readChoices(db, userId), readReach(db, userId)]);
  const reachable = Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, reach !== null && available(channel) && accountReaches(reach, channel)])) as Choices;
  return { topics, reachable };
}

/** PUT /api/notifications/preferences: every topic × channel choice written, in one transaction. */
export async function writePreferences(db: Kysely<Database>, userId: number, input: NotificationPreferencesInput, now: Date): Promise<void> {
  const updatedAt = now.toISOString();
  const rows = NOTIFICATION_TOPICS.flatMap((topic) =>
    NOTIFICATION_CHANNELS.map((channel) => ({ user_id: userId, topic, channel, enabled: input.topics[topic][channel] ? 1 : 0, updated_at: updatedAt })),
  );
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('notification_preferences').where('user_id', '=', userId).execute();
    await trx.insertInto('notification_preferences').values(rows).execute();
  });
}
