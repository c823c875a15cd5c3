import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { VietQrConfig } from '../../config';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';
import type { AppContext } from '../../appContext';
import type { EventBus } from '../../events/eventBus';
import { bookingContextOf, type BookingContext } from '../bookings';
import type { ServiceOrderParts } from './serviceOrderParts';

/** What the service-order operations share (built once per plugin by serviceOrderContextOf). */
export interface ServiceOrderContext {
  db: Kysely<Database>;
  clock: Clock;
  events: EventBus;
  /** The booking side, for what a service order does to its appointment (a cancel gives its slot and credit back). */
  booking: BookingContext;
  vietQr: Pick<VietQrConfig, 'bankBin' | 'accountNumber'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** The order's parts (partsRequests, wired by the app). */
  parts: ServiceOrderParts;
}

/** The context of the floor's operations from the app's (service orders, parts requests). */
export function serviceOrderContextOf(context: AppContext, log: ServiceOrderContext['log'], parts: ServiceOrderParts): ServiceOrderContext {
  return {
    db: context.db,
    clock: context.clock,
    events: context.events,
    booking: bookingContextOf(context),
    vietQr: context.config.vietQr,
    log,
    parts,
  };
}
