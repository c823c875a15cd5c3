import type { z } from 'zod';
import { centreScopeQuerySchema } from './backoffice';
import { envelopeSchema } from './envelope';
import { calendarDateSchema } from './service';
import { pickupListSchema } from './shipping';

/** GET /api/staff/shipments/pickups?date=YYYY-MM-DD[&centreId]: the day (Asia/Ho_Chi_Minh; today when left out). */
export const pickupListQuerySchema = centreScopeQuerySchema.extend({ date: calendarDateSchema.optional() });
export type PickupListQuery = z.infer<typeof pickupListQuerySchema>;

export const pickupListResponseSchema = envelopeSchema(pickupListSchema);
