import { z } from 'zod';
import { centreScopeQuerySchema } from './backoffice';
import { isoInstantSchema } from './catalogue';
import { integerInput } from './primitives';

/**
 * The manager's parts demand (spec predictive.md §4 'Manager'): for the next 14 or 30 days at the centre, the
 * parts its booked appointments are expected to use = booked appointments × the vehicles' predicted failures ×
 * the parts those failures used in the past, against the centre's available and minimum stock, with a suggested
 * receive quantity. Manager of the centre; admin any centre (`centreId`, read-only here); others 403; another
 * centre 404. docs/prediction.md §6 has the arithmetic and its approximation.
 *
 * The screens import only the types (no zod in the back office's chunks).
 */

/** The horizons a manager can ask for, in days. */
export const PARTS_DEMAND_HORIZONS = [14, 30] as const;
export type PartsDemandDays = (typeof PARTS_DEMAND_HORIZONS)[number];
export const PARTS_DEMAND_DEFAULT_DAYS: PartsDemandDays = 14;
export const PARTS_DEMAND_DAYS_MESSAGE = 'Số ngày dự báo chỉ có thể là 14 hoặc 30.';

const daysSchema = integerInput({ message: PARTS_DEMAND_DAYS_MESSAGE })
  .refine((value) => (PARTS_DEMAND_HORIZONS as readonly number[]).includes(value as number), { message: PARTS_DEMAND_DAYS_MESSAGE })
  .default(PARTS_DEMAND_DEFAULT_DAYS);

/** GET /api/manager/parts-demand?days=14|30 (&centreId= for an admin). */
export const partsDemandQuerySchema = centreScopeQuerySchema.extend({ days: daysSchema });
export type PartsDemandQuery = z.input<typeof partsDemandQuerySchema>;

const count = z.number().int().nonnegative();

/** Why the figures are empty or partial (shown as they are, above the table). */
export const PARTS_DEMAND_NOTE_CODES = ['NO_MODEL', 'NO_APPOINTMENTS', 'NO_PAST_USAGE', 'TRUNCATED'] as const;
export type PartsDemandNoteCode = (typeof PARTS_DEMAND_NOTE_CODES)[number];

export const partsDemandNoteSchema = z.object({ code: z.enum(PARTS_DEMAND_NOTE_CODES), message: z.string() });
export type PartsDemandNote = z.infer<typeof partsDemandNoteSchema>;

export const partsDemandItemSchema = z.object({
  productId: z.number().int().positive(),
  sku: z.string(),
  name: z.string(),
  /** Expected units used by the window's appointments, one decimal. */
  expectedDemand: z.number().nonnegative(),
  /** The checklist components whose predicted failures need this part (code and Vietnamese label). */
  components: z.array(z.object({ code: z.string(), label: z.string() })),
  /** Appointments of the window that contribute to this product's demand. */
  appointmentCount: count,
  onHand: count,
  /** on_hand − reserved at the centre (0 when it has no stock row). */
  available: count,
  minStock: count,
  /** max(0, ⌈expectedDemand⌉ + minStock − available). */
  suggestedReceive: count,
});
export type PartsDemandItem = z.infer<typeof partsDemandItemSchema>;

export const partsDemandSchema = z.object({
  centreId: z.number().int().positive(),
  days: z.number().int().positive(),
  /** The window: from now to now + days. */
  from: isoInstantSchema,
  to: isoInstantSchema,
  /** The failure-model version the probabilities come from; null before the first training. */
  model: z.object({ id: z.number().int(), trainedAt: z.string() }).nullable(),
  /** Booked (PENDING/CONFIRMED) appointments with a vehicle in the window that were counted, and their vehicles. */
  appointments: count,
  vehicles: count,
  /** Expected failures found at those visits (Σ probability over vehicle × component), one decimal. */
  expectedFailures: z.number().nonnegative(),
  /** Products with an expected demand of at least 0.1, the largest suggested receive first. */
  items: z.array(partsDemandItemSchema),
  notes: z.array(partsDemandNoteSchema),
});
export type PartsDemand = z.infer<typeof partsDemandSchema>;

export const partsDemandResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: partsDemandSchema });
