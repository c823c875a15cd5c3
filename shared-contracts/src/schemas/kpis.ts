import { z } from 'zod';
import { centreScopeQuerySchema } from './backoffice';

/**
 * KPIs of the back office (spec back-office.md §8, §7 M1 and T1; work package 3). A range is two local dates
 * (Asia/Ho_Chi_Minh), both inclusive. The dates are taken as text here and checked by the server, so that a bad,
 * reversed or too long range answers 422 DATE_RANGE_INVALID (spec §5) rather than the house's 400.
 * A ratio with a zero denominator is null (shown "—"); percentages have one decimal; money is integer VND.
 */
export const KPI_RANGE_MAX_DAYS = 366;
export const KPI_PENDING_APPROVAL_HOURS = 4;

const rangeText = z.string({ error: 'Vui lòng chọn ngày.' }).max(40, 'Ngày phải có dạng YYYY-MM-DD.');

export const kpiRangeQuerySchema = z.object({ from: rangeText, to: rangeText });
export type KpiRangeQuery = z.input<typeof kpiRangeQuerySchema>;
/** GET /api/kpis/centre: centreId omitted = the manager's own centre, or all centres for an admin. */
export const centreKpiQuerySchema = centreScopeQuerySchema.extend(kpiRangeQuerySchema.shape);
export type CentreKpiQuery = z.input<typeof centreKpiQuerySchema>;

const count = z.number().int().nonnegative();
const money = z.number().int();
const pct = z.number().nullable();

export const technicianKpiSchema = z.object({
  technicianId: z.number().int().positive(),
  fullName: z.string(),
  /** Minutes of work_time_entries clipped to the range (a running clock counts up to now). */
  clockedMinutes: z.number().int().nonnegative(),
  /** Orders the technician finished (work done) in the range. */
  ordersDone: count,
  /** Standard minutes (services' duration) of those orders. */
  standardMinutes: count,
  /** Clocked minutes of the technician on those same orders. */
  clockedMinutesOnDone: z.number().int().nonnegative(),
  /** standardMinutes ÷ clockedMinutesOnDone, %; > 100 = faster than standard. */
  efficiencyPct: pct,
  /** Clocked ÷ scheduled shift minutes: null while shifts do not exist. */
  utilisationPct: pct,
});
export type TechnicianKpi = z.infer<typeof technicianKpiSchema>;

/**
 * The headline figures of the period of the same length just before the range (the tiles' ▲/▼ compare with it).
 * Same definitions as the range's own; null where a ratio has nothing to divide by.
 */
export const kpiPreviousSchema = z.object({
  from: z.string(),
  to: z.string(),
  vehiclesIn: count,
  carCount: count,
  revenueTotal: money,
  aro: money.nullable(),
  hoursPerRo: z.number().nullable(),
  efficiencyPct: pct,
  utilisationPct: pct,
  bayUtilisationPct: pct,
  bookingOccupancyPct: pct,
  cancellationRatePct: pct,
  noShowRatePct: pct,
  closeRatioCountPct: pct,
  closeRatioValuePct: pct,
  turnaroundMedianMinutes: z.number().nullable(),
  waitingMedianMinutes: z.number().nullable(),
  partsUsageValue: money,
  shopRevenueTotal: money,
});
export type KpiPrevious = z.infer<typeof kpiPreviousSchema>;

export const centreKpisSchema = z.object({
  /** null: every centre (an admin's view). */
  centreId: z.number().int().positive().nullable(),
  from: z.string(),
  to: z.string(),
  days: z.number().int().positive(),
  generatedAt: z.string(),
  vehiclesIn: count,
  carCount: count,
  revenue: z.object({
    total: money,
    services: money,
    parts: money,
    packageDiscount: money,
    paidInvoices: count,
  }),
  /**
   * Shop revenue (web), spec §8: the WEB SHOP's, not the centre's. Web orders have no centre, so this is the
   * site-wide figure whatever the scope: Σ orders.total of orders PAID and COMPLETED, completed (first COMPLETED
   * row of order_status_history) in range; `orders` counts them.
   */
  shopRevenue: z.object({ total: money, orders: count }),
  aro: money.nullable(),
  hoursPerRo: z.number().nullable(),
  efficiencyPct: pct,
  utilisationPct: pct,
  /** Why utilisation is null (no shifts yet), else null. */
  utilisationNote: z.string().nullable(),
  technicians: z.array(technicianKpiSchema),
  bayUtilisationPct: pct,
  bookingOccupancyPct: pct,
  cancellationRatePct: pct,
  noShowRatePct: pct,
  appointments: z.object({ completed: count, cancelled: count, noShow: count }),
  extraWork: z.object({
    approvedCount: count,
    declinedCount: count,
    closeRatioCountPct: pct,
    approvedValue: money,
    declinedValue: money,
    closeRatioValuePct: pct,
    withdrawnCount: count,
    expiredCount: count,
  }),
  turnaround: z.object({
    orders: count,
    medianMinutes: z.number().nullable(),
    medianWaitingMinutes: z.number().nullable(),
  }),
  partsUsage: z.object({
    items: z.array(z.object({ productId: z.number().int().positive(), name: z.string(), quantity: z.number().int(), value: money })),
    totalValue: money,
  }),
  lowStockCount: count,
  /** Σ on hand × sale price (no cost price exists). */
  inventoryValue: money,
  /** Parts requests waiting for the customer for more than 4 hours (now, not the range). */
  pendingApprovals: z.object({
    count,
    items: z.array(
      z.object({
        id: z.number().int().positive(),
        serviceOrderCode: z.string(),
        licensePlate: z.string(),
        productName: z.string(),
        sentAt: z.string(),
      }),
    ),
  }),
  /** Technicians whose clock runs now. */
  clockedIn: z.array(
    z.object({ technicianId: z.number().int().positive(), fullName: z.string(), serviceOrderCode: z.string(), licensePlate: z.string(), since: z.string() }),
  ),
  /** The previous period's figures (GET /api/kpis/centre always sends it; optional so older fixtures stay valid). */
  previous: kpiPreviousSchema.optional(),
});
export type CentreKpis = z.infer<typeof centreKpisSchema>;

export const myKpisSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number().int().positive(),
  clockedMinutes: z.number().int().nonnegative(),
  ordersDone: count,
  standardMinutes: count,
  clockedMinutesOnDone: z.number().int().nonnegative(),
  efficiencyPct: pct,
  utilisationPct: pct,
  utilisationNote: z.string().nullable(),
});
export type MyKpis = z.infer<typeof myKpisSchema>;
