import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { VietQrConfig } from '../../config';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';
import type { AccountsContext } from '../auth/accountsPlugin';
import type { EventBus } from '../../events/eventBus';
import type { BookingContext } from '../bookings/appointmentService';

/** What the service-order operations share (built once per plugin by serviceOrderContextOf). */
export interface ServiceOrderContext {
  db: Kysely<Database>;
  clock: Clock;
  events: EventBus;
  /** The booking side, for what a service order does to its appointment (a cancel gives its slot and credit back). */
  booking: BookingContext;
  vietQr: Pick<VietQrConfig, 'bankBin' | 'accountNumber'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** The context of the floor's operations from the app's accounts and the live bus (service orders, parts requests). */
export function serviceOrderContextOf(accounts: AccountsContext, events: EventBus, log: ServiceOrderContext['log']): ServiceOrderContext {
  return {
    db: accounts.db,
    clock: accounts.clock,
    events,
    booking: {
      db: accounts.db,
      clock: accounts.clock,
      secret: accounts.secret,
      cutoffMinutes: accounts.config.bookingChangeCutoffMinutes,
      events,
      throttle: accounts.throttle,
    },
    vietQr: accounts.config.vietQr,
    log,
  };
}
