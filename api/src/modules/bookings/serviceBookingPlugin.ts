import type { FastifyPluginAsync } from 'fastify';
import type { AccountsContext } from '../auth/accountsPlugin';
import { frontDeskRoutes } from '../frontDesk/frontDeskPlugin';
import { maintenanceRoutes } from '../maintenance/maintenanceRoutes';
import { inventoryPlugin } from '../inventory/inventoryPlugin';
import { kpisPlugin } from '../kpis/kpisPlugin';
import { reportsPlugin } from '../reports/reportsPlugin';
import { partsRequestsRoutes } from '../partsRequests/partsRequestsPlugin';
import { serviceOrdersRoutes } from '../serviceOrders/serviceOrdersPlugin';
import { shiftsPlugin } from '../shifts/shiftsPlugin';
import { staffAdminPlugin } from '../staffAdmin/staffAdminPlugin';
import { vehicleRoutes } from '../vehicles/vehicleRoutes';
import { createEventBus, type EventBus } from '../../events/eventBus';
import { appointmentEventsRoutes } from './appointmentEventsRoutes';
import { appointmentRoutes } from './appointmentRoutes';
import type { BookingContext } from './appointmentService';

export interface ServiceBookingOptions {
  accounts: AccountsContext;
  /** The live-status bus (tests inject one); default: Redis, PostgreSQL LISTEN/NOTIFY or in-process (see createEventBus). */
  events?: EventBus;
}

/**
 * Every service-side route: vehicles, booking, appointments and their live status, maintenance history, dashboard,
 * and the centres' floor (front desk, service orders), which share the live bus.
 */
export const serviceBookingRoutes: FastifyPluginAsync<ServiceBookingOptions> = async (app, { accounts, events: injected }) => {
  const events = injected ?? createEventBus({ config: accounts.config, db: accounts.db, log: app.log.child({ module: 'appointment-events' }) });
  if (!injected) {
    app.addHook('onClose', async () => {
      await events.close();
    });
  }
  const booking: BookingContext = {
    db: accounts.db,
    clock: accounts.clock,
    secret: accounts.secret,
    cutoffMinutes: accounts.config.bookingChangeCutoffMinutes,
    events,
    throttle: accounts.throttle,
  };
  await app.register(vehicleRoutes, { accounts });
  await app.register(appointmentRoutes, { booking });
  await app.register(appointmentEventsRoutes, { events });
  await app.register(maintenanceRoutes, { accounts });
  await app.register(frontDeskRoutes, { accounts, events });
  await app.register(serviceOrdersRoutes, { accounts, events });
  await app.register(partsRequestsRoutes, { accounts, events });
  await app.register(inventoryPlugin, { accounts, events });
  await app.register(staffAdminPlugin, { accounts });
  await app.register(kpisPlugin, { accounts });
  await app.register(shiftsPlugin, { accounts });
  await app.register(reportsPlugin, { accounts });
};
