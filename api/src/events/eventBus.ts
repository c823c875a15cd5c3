import {
  APPOINTMENT_STATUS_EVENT,
  CONVERSATION_MESSAGE_EVENT,
  CONVERSATION_READ_EVENT,
  NOTIFICATION_EVENT,
  conversationMessageEventSchema,
  conversationReadEventSchema,
  notificationEventSchema,
  type ConversationMessageEvent,
  type ConversationReadEvent,
  type NotificationEvent,
  ORDER_STATUS_EVENT,
  SERVICE_ORDER_EVENT,
  appointmentStatusEventSchema,
  floorChangedEventSchema,
  orderStatusEventSchema,
  serviceOrderEventSchema,
  type AppointmentStatusEvent,
  type FloorChangedEvent,
  type OrderStatusEvent,
  type ServiceOrderEvent,
} from 'shared-contracts/schemas';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { BrokerChannel, BrokerLog } from '../broker/brokerChannel';
import { createBrokerChannel, perDatabaseRedisChannel } from '../broker/createBrokerChannel';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { createLogAppender, logHead, logTail, LOG_RETENTION_MS, pruneLog, rowsForStream, type LogKeys, type StreamKeys } from './eventLog';
import { LogCursor } from './logCursor';
import { logFollower, type LogFollowerTimings } from './logFollower';

/**
 * The live event bus of the app (the service side's changes). It carries four kinds of message, published once
 * and delivered by every API instance to the streams it serves:
 *
 * - `appointment-status` (an appointment's status changed): to the customer's streams (GET /appointments/events,
 *   unchanged event), and to the appointment's centre as a `floor-changed`;
 * - `service-order` (a service order moved): to the customer's streams as `event: service-order` (when the
 *   appointment has an account), and to the centre as a `floor-changed`;
 * - `order-status` (a shop order moved or was paid): to its owner's streams only;
 * - `floor-changed` (anything else of a centre's floor: an assignment, a payment...): to the centre only
 *   (GET /staff/events).
 *
 * A publish is one insert into the live log (eventLog.ts; its id is the SSE `id:` of the message's frames) and the
 * delivery to this instance's streams; a broker channel (broker/brokerChannel.ts: Redis pub/sub when REDIS_URL is
 * set, else PostgreSQL LISTEN/NOTIFY when the database is PostgreSQL) then relays it to the other instances, and
 * the request never waits on the broker. What the broker misses, the instances read from the log
 * (logFollower.ts), and a stream reconnecting with Last-Event-ID replays its own missed rows (replay()).
 * memoryEventBus() (tests) has neither log nor broker.
 *
 * Publishing never fails the request that made the change: a log or broker failure is logged.
 */

export interface AppointmentStatusMessage {
  /** The customer whose streams receive the event; null for a guest's appointment (the centre is told only). */
  userId: number | null;
  /** The appointment's centre: its floor streams get a `floor-changed`. */
  centreId: number;
  event: AppointmentStatusEvent;
}

export interface ServiceOrderMessage {
  /** The customer of the appointment, null for a guest. */
  userId: number | null;
  centreId: number;
  event: ServiceOrderEvent;
}

export interface OrderStatusMessage {
  /** The order's owner: their streams receive the event. */
  userId: number;
  event: OrderStatusEvent;
}

/** What a floor-changed says besides its centre and instant. */
export interface FloorChange {
  /** 'appointment' | 'service-order' | 'payment' | ... */
  kind: string;
  appointmentId: number | null;
  serviceOrderId: number | null;
  /** kind 'conversation': the thread. */
  conversationId?: number | null;
  /** Default: now. */
  at?: Date;
}

/** An event of a customer's stream: its SSE name and its data. */
export type CustomerEvent =
  | { name: typeof APPOINTMENT_STATUS_EVENT; data: AppointmentStatusEvent }
  | { name: typeof SERVICE_ORDER_EVENT; data: ServiceOrderEvent }
  | { name: typeof ORDER_STATUS_EVENT; data: OrderStatusEvent };

/** `id`: the message's id in the live log, the SSE `id:` of its frame (null when it was not logged). */
export type AppointmentEventListener = (event: CustomerEvent, id: number | null) => void;

/** An event of one user's personal stream (GET /api/notifications/events), whatever their role. */
export type PersonalEvent =
  | { name: typeof NOTIFICATION_EVENT; data: NotificationEvent }
  | { name: typeof CONVERSATION_MESSAGE_EVENT; data: ConversationMessageEvent }
  | { name: typeof CONVERSATION_READ_EVENT; data: ConversationReadEvent };

export interface PersonalMessage {
  userId: number;
  event: PersonalEvent;
}

export type PersonalEventListener = (event: PersonalEvent, id: number | null) => void;
/** Told of each message this instance publishes (never of another instance's): what acts once per event in a cluster. */
export type PublishedListener = (message: BusMessage) => void;
export type FloorEventListener = (event: FloorChangedEvent, id: number | null) => void;
/** A centre's floor changed: which centre, and what kind of change (FloorChange.kind). */
export type CentreChangeListener = (change: { centreId: number; kind: string }) => void;

export interface EventBus {
  readonly kind: 'memory' | 'redis' | 'postgres';
  /** An appointment's status changed: its customer (unless a guest) and its centre are told. */
  publish(message: AppointmentStatusMessage): Promise<void>;
  /** A service order changed: its customer (unless a guest) gets `service-order`, its centre `floor-changed`. */
  publishServiceOrder(message: ServiceOrderMessage): Promise<void>;
  /** A shop order moved or was paid: its owner's streams get `order-status`. */
  publishOrderStatus(message: OrderStatusMessage): Promise<void>;
  /** Something else of a centre's floor changed: its floor streams get `floor-changed`. */
  publishFloorChange(centreId: number, change: FloorChange): Promise<void>;
  /** One user's personal event (a notification, a message in their thread): their personal streams get it. */
  publishPersonal(message: PersonalMessage): Promise<void>;
  /** Listens to one user's personal events on this instance; returns the unsubscribe function. */
  subscribePersonal(userId: number, listener: PersonalEventListener): () => void;
  /**
   * Told synchronously of every message published by this instance (not of messages from other instances): a
   * consumer that must act once per event however many instances run (the notification centre) listens here.
   */
  onPublished(listener: PublishedListener): () => void;
  /** Listens to one customer's events on this instance; returns the unsubscribe function. */
  subscribe(userId: number, listener: AppointmentEventListener): () => void;
  /** Listens to one centre's floor on this instance; returns the unsubscribe function. */
  subscribeCentre(centreId: number, listener: FloorEventListener): () => void;
  /** Listens to every centre's floor on this instance, centres created later included; returns the unsubscribe function. */
  subscribeEveryCentre(listener: FloorEventListener): () => void;
  /**
   * Listens to every centre's floor changes, told synchronously when this instance publishes one (before the
   * request that made it answers) and again when the bus delivers it (from any instance): what keeps this
   * instance's ready-made floor answers (floorReadCache.ts) no older than the last change.
   */
  onCentreChange(listener: CentreChangeListener): () => void;
  /**
   * Resolves once messages published by other instances reach this one (immediately in-process): over the broker,
   * or by reading the log when the broker cannot be reached within about a second.
   */
  ready(): Promise<void>;
  /**
   * Delivers to a stream what it missed after the log's id `afterId`: `subscribe` subscribes the stream's listeners
   * to `source` (as it does to the bus), and the log's rows for them are delivered there, oldest first. 'resync'
   * (with the log's newest id, null when empty): more than the replay may send, or older than the log keeps, or a
   * failed read: the page must read again. 'unavailable': this bus keeps no log.
   */
  replay(afterId: number, subscribe: (source: StreamSource) => () => void): Promise<ReplayOutcome>;
  /** Whether the broker is lost and the log cannot be read either: this instance's streams would miss messages. */
  isBlind(): boolean;
  /** Told when the bus becomes blind (isBlind()); returns the unsubscribe function. */
  onBlind(listener: () => void): () => void;
  /** Open subscriptions on this instance (streams being served: customers' and centres'). */
  subscriberCount(): number;
  close(): Promise<void>;
}

/** What a stream subscribes its listeners to: the bus, or a replay of what it missed. */
export type StreamSource = Pick<EventBus, 'subscribe' | 'subscribeCentre' | 'subscribeEveryCentre' | 'subscribePersonal'>;

export type ReplayOutcome = { kind: 'replayed'; ids: number[] } | { kind: 'resync'; head: number | null } | { kind: 'unavailable' };

/** A message as it travels between instances (one channel, tagged by type). */
export type BusMessage =
  | ({ type: 'appointment-status' } & AppointmentStatusMessage)
  | ({ type: 'service-order' } & ServiceOrderMessage)
  | ({ type: 'order-status' } & OrderStatusMessage)
  | ({ type: 'personal' } & PersonalMessage)
  | { type: 'floor-changed'; event: FloorChangedEvent };

/** Listeners of this instance by key (a customer's id, or a centre's id). */
class Listeners<T> {
  private readonly byKey = new Map<number, Set<(value: T, id: number | null) => void>>();

  add(key: number, listener: (value: T, id: number | null) => void): () => void {
    let set = this.byKey.get(key);
    if (!set) {
      set = new Set();
      this.byKey.set(key, set);
    }
    set.add(listener);
    return () => {
      const current = this.byKey.get(key);
      current?.delete(listener);
      if (current && current.size === 0) this.byKey.delete(key);
    };
  }

  count(): number {
    let total = 0;
    for (const set of this.byKey.values()) total += set.size;
    return total;
  }

  /** The keys listened to (a replay reads the log's rows of these only). */
  keys(): number[] {
    return [...this.byKey.keys()];
  }

  emit(key: number, value: T, id: number | null): void {
    for (const listener of [...(this.byKey.get(key) ?? [])]) listener(value, id);
  }
}

/** The streams of this instance: customers' and centres'. */
class LocalFanOut {
  private readonly customers = new Listeners<CustomerEvent>();
  private readonly centres = new Listeners<FloorChangedEvent>();
  private readonly everyCentre = new Set<FloorEventListener>();
  private readonly personal = new Listeners<PersonalEvent>();
  private readonly centreChanges = new Set<CentreChangeListener>();
  private readonly published = new Set<PublishedListener>();

  subscribe(userId: number, listener: AppointmentEventListener): () => void {
    return this.customers.add(userId, listener);
  }

  subscribeCentre(centreId: number, listener: FloorEventListener): () => void {
    return this.centres.add(centreId, listener);
  }

  subscribeEveryCentre(listener: FloorEventListener): () => void {
    this.everyCentre.add(listener);
    return () => this.everyCentre.delete(listener);
  }

  /** A centre's floor streams, and the streams of every centre, get `event`. */
  private emitFloor(event: FloorChangedEvent, id: number | null): void {
    this.centres.emit(event.centreId, event, id);
    for (const listener of [...this.everyCentre]) listener(event, id);
  }

  subscribePersonal(userId: number, listener: PersonalEventListener): () => void {
    return this.personal.add(userId, listener);
  }

  count(): number {
    return this.customers.count() + this.centres.count() + this.everyCentre.size + this.personal.count();
  }

  /** What the listeners listen to, as the log's keys (eventLog.ts StreamKeys). */
  streamKeys(): StreamKeys {
    return {
      userIds: [...new Set([...this.customers.keys(), ...this.personal.keys()])],
      centreIds: this.centres.keys(),
      everyCentre: this.everyCentre.size > 0,
    };
  }

  onPublished(listener: PublishedListener): () => void {
    this.published.add(listener);
    return () => this.published.delete(listener);
  }

  /** Tells the onPublished listeners (this instance published `message`); a listener's error never fails the publish. */
  notePublished(message: BusMessage): void {
    for (const listener of [...this.published]) {
      try {
        listener(message);
      } catch {
        // a consumer's own failure is its to log; the request that published goes on
      }
    }
  }

  onCentreChange(listener: CentreChangeListener): () => void {
    this.centreChanges.add(listener);
    return () => this.centreChanges.delete(listener);
  }

  /** Tells the centre-change listeners of the change `message` carries. */
  note(message: BusMessage): void {
    if (this.centreChanges.size === 0 || message.type === 'order-status' || message.type === 'personal') return;
    const change =
      message.type === 'floor-changed'
        ? { centreId: message.event.centreId, kind: message.event.kind }
        : { centreId: message.centreId, kind: message.type === 'service-order' ? 'service-order' : 'appointment' };
    for (const listener of [...this.centreChanges]) listener(change);
  }

  deliver(message: BusMessage, id: number | null): void {
    this.note(message);
    switch (message.type) {
      case 'appointment-status':
        if (message.userId !== null) this.customers.emit(message.userId, { name: APPOINTMENT_STATUS_EVENT, data: message.event }, id);
        this.emitFloor(
          { centreId: message.centreId, kind: 'appointment', appointmentId: message.event.appointmentId, serviceOrderId: null, at: message.event.at },
          id,
        );
        return;
      case 'service-order':
        if (message.userId !== null) this.customers.emit(message.userId, { name: SERVICE_ORDER_EVENT, data: message.event }, id);
        this.emitFloor(
          {
            centreId: message.centreId,
            kind: 'service-order',
            appointmentId: message.event.appointmentId,
            serviceOrderId: message.event.serviceOrderId,
            at: message.event.at,
          },
          id,
        );
        return;
      case 'order-status':
        this.customers.emit(message.userId, { name: ORDER_STATUS_EVENT, data: message.event }, id);
        return;
      case 'personal':
        this.personal.emit(message.userId, message.event, id);
        return;
      case 'floor-changed':
        this.emitFloor(message.event, id);
    }
  }
}

const idSchema = z.number().int().positive();
const busMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('appointment-status'), userId: idSchema.nullable(), centreId: idSchema, event: appointmentStatusEventSchema }),
  z.object({ type: z.literal('service-order'), userId: idSchema.nullable(), centreId: idSchema, event: serviceOrderEventSchema }),
  z.object({ type: z.literal('order-status'), userId: idSchema, event: orderStatusEventSchema }),
  z.object({
    type: z.literal('personal'),
    userId: idSchema,
    event: z.discriminatedUnion('name', [
      z.object({ name: z.literal(NOTIFICATION_EVENT), data: notificationEventSchema }),
      z.object({ name: z.literal(CONVERSATION_MESSAGE_EVENT), data: conversationMessageEventSchema }),
      z.object({ name: z.literal(CONVERSATION_READ_EVENT), data: conversationReadEventSchema }),
    ]),
  }),
  z.object({ type: z.literal('floor-changed'), event: floorChangedEventSchema }),
]);

/** A message as it travels between instances; null when it is not one of ours. */
export function parseMessage(payload: string): BusMessage | null {
  try {
    const parsed = busMessageSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A message as the broker carries it: the message and its id in the log (null: the insert failed). */
export interface BusEnvelope {
  id: number | null;
  message: BusMessage;
}

/** An envelope from the broker; a bare message (an instance of the previous release) has no id; null when not ours. */
export function parseEnvelope(payload: string): BusEnvelope | null {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value === 'object' && value !== null && 'message' in value) {
      const id = 'id' in value && typeof value.id === 'number' && Number.isSafeInteger(value.id) ? value.id : null;
      const parsed = busMessageSchema.safeParse(value.message);
      return parsed.success ? { id, message: parsed.data } : null;
    }
    const bare = busMessageSchema.safeParse(value);
    return bare.success ? { id: null, message: bare.data } : null;
  } catch {
    return null;
  }
}

/** The user and the centre whose streams get `message` (the log's keys). */
function logKeysOf(message: BusMessage): LogKeys {
  switch (message.type) {
    case 'appointment-status':
    case 'service-order':
      return { userId: message.userId, centreId: message.centreId };
    case 'order-status':
    case 'personal':
      return { userId: message.userId, centreId: null };
    case 'floor-changed':
      return { userId: null, centreId: message.event.centreId };
  }
}

/**
 * The bus's public operations over one `publishMessage` (how a message reaches this instance's streams and the
 * others') and this instance's fan-out.
 */
function busOperations(fanOut: LocalFanOut, publishMessage: (message: BusMessage) => Promise<void>) {
  // This instance's listeners learn of its own change at once, synchronously, before the log or a broker.
  const send = (message: BusMessage): Promise<void> => {
    fanOut.note(message);
    fanOut.notePublished(message);
    return publishMessage(message);
  };
  return {
    publish: (message: AppointmentStatusMessage) => send({ type: 'appointment-status', ...message }),
    publishServiceOrder: (message: ServiceOrderMessage) => send({ type: 'service-order', ...message }),
    publishOrderStatus: (message: OrderStatusMessage) => send({ type: 'order-status', ...message }),
    publishFloorChange: (centreId: number, change: FloorChange) =>
      send({
        type: 'floor-changed',
        event: {
          centreId,
          kind: change.kind,
          appointmentId: change.appointmentId,
          serviceOrderId: change.serviceOrderId,
          ...(change.conversationId !== undefined ? { conversationId: change.conversationId } : {}),
          at: (change.at ?? new Date()).toISOString(),
        },
      }),
    subscribe: (userId: number, listener: AppointmentEventListener) => fanOut.subscribe(userId, listener),
    publishPersonal: (message: PersonalMessage) => send({ type: 'personal', ...message }),
    subscribeCentre: (centreId: number, listener: FloorEventListener) => fanOut.subscribeCentre(centreId, listener),
    subscribeEveryCentre: (listener: FloorEventListener) => fanOut.subscribeEveryCentre(listener),
    subscribePersonal: (userId: number, listener: PersonalEventListener) => fanOut.subscribePersonal(userId, listener),
    onPublished: (listener: PublishedListener) => fanOut.onPublished(listener),
    onCentreChange: (listener: CentreChangeListener) => fanOut.onCentreChange(listener),
    subscriberCount: () => fanOut.count(),
  };
}

/** In-process only, no log (tests): frames carry no id, a replay is unavailable. */
export function memoryEventBus(): EventBus {
  const fanOut = new LocalFanOut();
  return {
    kind: 'memory',
    ...busOperations(fanOut, async (message) => fanOut.deliver(message, null)),
    ready: async () => undefined,
    replay: async () => ({ kind: 'unavailable' }),
    isBlind: () => false,
    onBlind: () => () => undefined,
    close: async () => undefined,
  };
}

/** The most rows a reconnecting stream is replayed; past it the page reads again. */
export const REPLAY_MAX_ROWS = 500;
/** How long ready() waits for the broker's subscription before it relies on reading the log. */
export const LISTEN_WAIT_MS = 1_000;
/** How often each instance deletes the rows older than LOG_RETENTION_MS. */
export const PRUNE_EVERY_MS = 60_000;
/** Messages held for the broker while a probe is on its way (more are left to the log and the others' sweeps). */
const HELD_WHILE_PROBING = 1_000;

export interface LoggedEventBusOptions {
  db: Kysely<Database>;
  log: BrokerLog;
  /** The broker between instances; null: one instance (the log serves replays only). */
  channel: BrokerChannel | null;
  timings?: Partial<LogFollowerTimings>;
}

/**
 * The bus over the live log (eventLog.ts) and, with several instances, a broker channel. A publish is one insert
 * and this instance's delivery; the broker relay is not awaited. The other instances get the message from the
 * broker, or from the log (logFollower.ts) while the broker is lost; the cursor delivers each id once.
 */
export function loggedEventBus(options: LoggedEventBusOptions): EventBus {
  const { db, log, channel } = options;
  const fanOut = new LocalFanOut();
  const cursor = new LogCursor();
  const blindListeners = new Set<() => void>();
  let blind = false;
  const follower = channel
    ? logFollower({
        db,
        cursor,
        log,
        timings: options.timings,
        deliver: (id, payload) => {
          const message = parseMessage(payload);
          if (message) fanOut.deliver(message, id);
        },
        onBlindChange: (next) => {
          blind = next;
          if (next) log.error({}, 'live events: broker lost and event log unreadable, streams told to read again');
          if (next) for (const listener of [...blindListeners]) listener();
        },
      })
    : null;

  let pruner: NodeJS.Timeout | null = null;
  const startPruning = () => {
    if (pruner) return;
    pruner = setInterval(() => {
      pruneLog(db, new Date(Date.now() - LOG_RETENTION_MS)).catch((error: unknown) => log.warn({ err: error }, 'live events: cannot prune the event log'));
    }, PRUNE_EVERY_MS);
    pruner.unref();
  };

  // The relay: never awaited by a publish. While publishing fails, one attempt at a time probes the broker (the
  // log holds the rest: the other instances read it). What is published while a probe is on its way waits for it:
  // relayed if it succeeds, since the others, the broker back, only sweep the log now and then.
  let publishing = true;
  let probing = false;
  let held: string[] = [];
  const failure = channel?.kind === 'redis' ? 'Redis publish failed' : 'NOTIFY failed';
  const relay = (payload: string) => {
    if (!channel) return;
    if (!publishing) {
      if (probing) {
        if (held.length < HELD_WHILE_PROBING) held.push(payload);
        return;
      }
      probing = true;
    }
    channel.publish(payload).then(
      () => {
        probing = false;
        if (publishing) return;
        publishing = true;
        follower?.setBroker('publishing', true);
        const waiting = held;
        held = [];
        for (const next of waiting) relay(next);
      },
      (error: unknown) => {
        probing = false;
        held = [];
        if (!publishing) return;
        publishing = false;
        log.error({ err: error }, `appointment events: ${failure}, other instances read the event log meanwhile`);
        follower?.setBroker('publishing', false);
      },
    );
  };

  const appendToLog = createLogAppender(db);
  const publishMessage = async (message: BusMessage): Promise<void> => {
    startPruning();
    const payload = JSON.stringify(message);
    let id: number | null = null;
    try {
      id = await appendToLog(logKeysOf(message), payload);
      cursor.claim(id);
    } catch (error) {
      log.error({ err: error }, 'appointment events: cannot write the event log, delivered without an id');
    }
    fanOut.deliver(message, id);
    relay(`{"id":${id === null ? 'null' : id},"message":${payload}}`);
  };

  const onMessage = (payload: string) => {
    const envelope = parseEnvelope(payload);
    if (!envelope) return;
    if (envelope.id !== null && !cursor.claim(envelope.id)) return;
    fanOut.deliver(envelope.message, envelope.id);
  };

  let listenDeadline: NodeJS.Timeout | undefined;
  let firstReady: Promise<void> | null = null;
  /** Subscribes (or, after a failure, tries again): the follower learns whether this instance listens. */
  const subscribe = (): Promise<void> => {
    if (!channel || !follower) return Promise.resolve();
    return channel
      .listen(
        onMessage,
        () => follower.setBroker('listening', true),
        () => follower.setBroker('listening', false),
      )
      .then(() => follower.setBroker('listening', channel.isListening()));
  };
  /** The first subscription, for LISTEN_WAIT_MS at most: a broker that does not answer leaves the log to serve meanwhile. */
  const firstSubscription = async (): Promise<void> => {
    const deadline = new Promise<void>((resolve) => {
      listenDeadline = setTimeout(resolve, LISTEN_WAIT_MS);
      listenDeadline.unref();
    });
    await Promise.race([subscribe(), deadline]);
    clearTimeout(listenDeadline);
  };

  return {
    kind: channel?.kind ?? 'memory',
    ...busOperations(fanOut, publishMessage),
    async ready() {
      startPruning();
      if (!channel || !follower) return;
      if (firstReady) {
        // Later streams never wait on a lost broker: the log serves them; the channel tries again meanwhile.
        if (!channel.isListening()) void subscribe();
        return firstReady;
      }
      firstReady = Promise.all([follower.start(), firstSubscription()]).then(() => undefined);
      return firstReady;
    },
    async replay(afterId, subscribe) {
      const scratch = new LocalFanOut();
      const unsubscribe = subscribe(scratch);
      try {
        const [oldest, rows] = await Promise.all([logTail(db), rowsForStream(db, afterId, scratch.streamKeys(), REPLAY_MAX_ROWS + 1, true)]);
        if (oldest === null || oldest > afterId + 1 || rows.length > REPLAY_MAX_ROWS) return { kind: 'resync', head: await logHead(db) };
        const ids: number[] = [];
        for (const row of rows) {
          const message = parseMessage(row.payload);
          if (!message) continue;
          scratch.deliver(message, row.id);
          ids.push(row.id);
        }
        return { kind: 'replayed', ids };
      } catch (error) {
        log.warn({ err: error }, 'live events: cannot read the event log for a replay');
        return { kind: 'resync', head: null };
      } finally {
        unsubscribe();
      }
    },
    isBlind: () => blind,
    onBlind(listener) {
      blindListeners.add(listener);
      return () => blindListeners.delete(listener);
    },
    async close() {
      follower?.close();
      if (pruner) clearInterval(pruner);
      clearTimeout(listenDeadline);
      await channel?.close();
    },
  };
}

/** The NOTIFY channel (one per database: NOTIFY never crosses databases). */
export const POSTGRES_CHANNEL = 'ev_appointment_status';
/** The Redis channel's base name: the channel is one per database (perDatabaseRedisChannel). */
export const REDIS_CHANNEL_BASE = 'ev-shop:appointment-status';

/** The Redis channel: one per database, so that APIs of different databases sharing a Redis never mix. */
export function redisChannel(config: Pick<Config, 'databaseUrl' | 'sqliteFile'>): string {
  return perDatabaseRedisChannel(REDIS_CHANNEL_BASE, config);
}

/** Over the live log, with Redis when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY when the database is PostgreSQL, else no broker (one instance). */
export function createEventBus(options: { config: Config; db: Kysely<Database>; log: BrokerLog }): EventBus {
  const { config, db, log } = options;
  const channel = createBrokerChannel({
    config,
    db,
    log,
    label: 'appointment events',
    redisChannelName: REDIS_CHANNEL_BASE,
    postgresChannelName: POSTGRES_CHANNEL,
  });
  return loggedEventBus({ db, log, channel });
}
