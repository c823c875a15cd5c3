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
 * In-process (no broker: one instance only), or over a broker channel (broker/brokerChannel.ts): Redis pub/sub
 * when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY when the database is PostgreSQL.
 *
 * Publishing never fails the request that made the change: if the broker is unreachable the message is
 * delivered to this instance's streams only and the error is logged.
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

export type AppointmentEventListener = (event: CustomerEvent) => void;

/** An event of one user's personal stream (GET /api/notifications/events), whatever their role. */
export type PersonalEvent =
  | { name: typeof NOTIFICATION_EVENT; data: NotificationEvent }
  | { name: typeof CONVERSATION_MESSAGE_EVENT; data: ConversationMessageEvent }
  | { name: typeof CONVERSATION_READ_EVENT; data: ConversationReadEvent };

export interface PersonalMessage {
  userId: number;
  event: PersonalEvent;
}

export type PersonalEventListener = (event: PersonalEvent) => void;
/** Told of each message this instance publishes (never of another instance's): what acts once per event in a cluster. */
export type PublishedListener = (message: BusMessage) => void;
export type FloorEventListener = (event: FloorChangedEvent) => void;
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
  /** Resolves once messages published by other instances reach this one (immediately in-process). */
  ready(): Promise<void>;
  /** Open subscriptions on this instance (streams being served: customers' and centres'). */
  subscriberCount(): number;
  close(): Promise<void>;
}

/** A message as it travels between instances (one channel, tagged by type). */
export type BusMessage =
  | ({ type: 'appointment-status' } & AppointmentStatusMessage)
  | ({ type: 'service-order' } & ServiceOrderMessage)
  | ({ type: 'order-status' } & OrderStatusMessage)
  | ({ type: 'personal' } & PersonalMessage)
  | { type: 'floor-changed'; event: FloorChangedEvent };

/** Listeners of this instance by key (a customer's id, or a centre's id). */
class Listeners<T> {
  private readonly byKey = new Map<number, Set<(value: T) => void>>();

  add(key: number, listener: (value: T) => void): () => void {
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

  emit(key: number, value: T): void {
    for (const listener of [...(this.byKey.get(key) ?? [])]) listener(value);
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
  private emitFloor(event: FloorChangedEvent): void {
    this.centres.emit(event.centreId, event);
    for (const listener of [...this.everyCentre]) listener(event);
  }

  subscribePersonal(userId: number, listener: PersonalEventListener): () => void {
    return this.personal.add(userId, listener);
  }

  count(): number {
    return this.customers.count() + this.centres.count() + this.everyCentre.size + this.personal.count();
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

  deliver(message: BusMessage): void {
    this.note(message);
    switch (message.type) {
      case 'appointment-status':
        if (message.userId !== null) this.customers.emit(message.userId, { name: APPOINTMENT_STATUS_EVENT, data: message.event });
        this.emitFloor({
          centreId: message.centreId,
          kind: 'appointment',
          appointmentId: message.event.appointmentId,
          serviceOrderId: null,
          at: message.event.at,
        });
        return;
      case 'service-order':
        if (message.userId !== null) this.customers.emit(message.userId, { name: SERVICE_ORDER_EVENT, data: message.event });
        this.emitFloor({
          centreId: message.centreId,
          kind: 'service-order',
          appointmentId: message.event.appointmentId,
          serviceOrderId: message.event.serviceOrderId,
          at: message.event.at,
        });
        return;
      case 'order-status':
        this.customers.emit(message.userId, { name: ORDER_STATUS_EVENT, data: message.event });
        return;
      case 'personal':
        this.personal.emit(message.userId, message.event);
        return;
      case 'floor-changed':
        this.emitFloor(message.event);
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

/**
 * The bus's public operations over one `send` (how a message reaches every instance, this one included) and
 * this instance's fan-out.
 */
function busOperations(fanOut: LocalFanOut, deliverEverywhere: (message: BusMessage) => Promise<void>) {
  // This instance's listeners learn of its own change at once, before a remote bus brings it back.
  const send = (message: BusMessage): Promise<void> => {
    fanOut.note(message);
    fanOut.notePublished(message);
    return deliverEverywhere(message);
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

export function memoryEventBus(): EventBus {
  const fanOut = new LocalFanOut();
  return {
    kind: 'memory',
    ...busOperations(fanOut, async (message) => fanOut.deliver(message)),
    ready: async () => undefined,
    close: async () => undefined,
  };
}

/** The bus over a broker channel: every instance's messages reach this one's streams once it is ready(). */
export function brokerEventBus(channel: BrokerChannel, log: BrokerLog): EventBus {
  const fanOut = new LocalFanOut();
  const onMessage = (payload: string) => {
    const message = parseMessage(payload);
    if (message) fanOut.deliver(message);
  };
  const failure = channel.kind === 'redis' ? 'Redis publish failed' : 'NOTIFY failed';
  return {
    kind: channel.kind,
    ...busOperations(fanOut, async (message) => {
      try {
        await channel.publish(JSON.stringify(message));
      } catch (error) {
        log.error({ err: error }, `appointment events: ${failure}, delivered on this instance only`);
        fanOut.deliver(message);
      }
    }),
    ready: () => channel.listen(onMessage),
    close: () => channel.close(),
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

/** Redis when REDIS_URL is set; else PostgreSQL LISTEN/NOTIFY when the database is PostgreSQL; else in-process. */
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
  return channel ? brokerEventBus(channel, log) : memoryEventBus();
}
