import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { VietQrConfig } from '../../config';
import type { Database } from '../../db/schema';
import type { Clock } from '../../security/clock';
import type { AppointmentEventBus } from '../bookings/appointmentEvents';
import type { BookingContext } from '../bookings/appointmentService';

/** What the service-order operations share (built once by serviceOrdersPlugin). */
export interface ServiceOrderContext {
  db: Kysely<Database>;
  clock: Clock;
  events: AppointmentEventBus;
  /** The booking side, for what a service order does to its appointment (a cancel gives its slot and credit back). */
  booking: BookingContext;
  vietQr: Pick<VietQrConfig, 'bankBin' | 'accountNumber'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}
