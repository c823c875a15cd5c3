import { sql, type Kysely } from 'kysely';
import { KPI_PENDING_APPROVAL_HOURS, type CentreKpis } from 'shared-contracts/schemas';
import { toIsoUtc, toNumber } from '../../db/portable';
import type { Database } from '../../db/schema';
import { earlierInstant, instantParameter, laterInstant, minutesBetween } from '../../db/sqlDialect';
import { dayStarts, median, minutesOfDay, percent, type KpiRange } from './kpiRange';
import { centreFilter } from './kpiSql';
import { technicianTime, utilisationNoteOf } from './technicianKpis';

type Db = Kysely<Database>;
type Num = string | number | null;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Epoch ms of a column read back as an instant (Date on PostgreSQL, ISO text on SQLite). */
const instantMs = (value: Date | string) => (value instanceof Date ? value.getTime() : Date.parse(value));
/** SQLite's julianday arithmetic leaves 89.99999…: durations are kept to a tenth of a minute. */
const tenth = (value: number) => Math.round(value * 10) / 10;

/** One query's first row (aggregates always give one). */
async function one<T>(db: Db, query: ReturnType<typeof sql<T>>): Promise<T> {
  const { rows } = await query.execute(db);
  return rows[0]!;
}

/**
 * Every KPI of spec §8 for one centre (or all: centreId null) over a range of local dates. Each is one SQL
 * aggregate over an indexed range (migration 0009_kpi_indexes); the few that need per-day clipping (bay hours
 * inside opening hours) or a median fetch the range's rows (already clipped and sorted by the database) and
 * finish in code.
 */
export async function centreKpis(db: Db, centreId: number | null, range: KpiRange, now: Date): Promise<CentreKpis> {
  const F = instantParameter(db, range.fromUtc);
  const T = instantParameter(db, range.toUtc);
  const centres$ = db
    .selectFrom('service_centres')
    .select(['id', 'open_time', 'close_time', 'service_bays'])
    .where('kind', '=', 'SERVICE_CENTRE')
    .$if(centreId !== null, (q) => q.where('id', '=', centreId!))
    .execute();

  // Xe tiếp nhận: orders opened in range (cancelled ones too).
  const vehiclesIn$ = one<{ n: Num }>(
    db,
    sql`select count(*) as n from service_orders where opened_at >= ${F} and opened_at < ${T} ${centreFilter('centre_id', centreId)}`,
  );
  // Car count: invoices issued in range.
  const carCount$ = one<{ n: Num }>(
    db,
    sql`select count(*) as n from service_invoices where issued_at >= ${F} and issued_at < ${T} ${centreFilter('centre_id', centreId)}`,
  );
  // Service revenue and ARO: PAID invoices paid in range.
  const revenue$ = one<{ n: Num; total: Num; services: Num; parts: Num; discount: Num }>(
    db,
    sql`select count(*) as n, coalesce(sum(total), 0) as total, coalesce(sum(subtotal_services), 0) as services,
          coalesce(sum(subtotal_parts), 0) as parts, coalesce(sum(package_discount), 0) as discount
        from service_invoices
        where payment_status = 'PAID' and paid_at >= ${F} and paid_at < ${T} ${centreFilter('centre_id', centreId)}`,
  );
  // Hours per RO: standard minutes (booked services' durations, as booked) of the orders invoiced in range.
  const invoicedMinutes$ = one<{ minutes: Num }>(
    db,
    // (a correlated subquery: PostgreSQL otherwise hash-joined every service order of the database)
    sql`select coalesce(sum((
          select sum(aps.duration_minutes) from service_orders so join appointment_services aps on aps.appointment_id = so.appointment_id
          where so.id = i.service_order_id)), 0) as minutes
        from service_invoices i
        where i.issued_at >= ${F} and i.issued_at < ${T} ${centreFilter('i.centre_id', centreId)}`,
  );

  // Shop revenue (web): the web shop's, not a centre's (web orders have no centre), so the same for every scope.
  // Orders PAID and COMPLETED whose first COMPLETED history row falls in range (a later row that keeps the status,
  // e.g. a refund, does not count it again). The range's COMPLETED rows are read by order_status_history
  // (status, created_at) (migration 0011); the order and the first COMPLETED row are correlated lookups by key:
  // as a join and NOT EXISTS, PostgreSQL hashed every order and every COMPLETED row (EXPLAIN, 20,000 orders).
  const shop$ = one<{ n: Num; total: Num }>(
    db,
    sql`select count(total) as n, coalesce(sum(total), 0) as total from (
          select (select o.total from orders o where o.id = h.order_id and o.status = 'COMPLETED' and o.payment_status = 'PAID') as total
          from order_status_history h
          where h.status = 'COMPLETED' and h.created_at >= ${F} and h.created_at < ${T}
            and h.id = (select min(e.id) from order_status_history e where e.order_id = h.order_id and e.status = 'COMPLETED')
        ) completed`,
  );

  const technicianTotals$ = technicianTime(db, { centreId, technicianId: null, range, now });

  // Bay utilisation: occupancy clipped to the range in SQL, then to each day's opening hours here. The OR's
  // branches (began in range / began before and ended after `from` / still there) each read an index.
  const bays$ = sql<{ centre_id: number; from_at: Date | string; to_at: Date | string }>`
    select centre_id, ${laterInstant(db, sql.ref('from_at'), F)} as from_at, ${earlierInstant(db, sql`coalesce(to_at, ${instantParameter(db, now.toISOString())})`, T)} as to_at
    from bay_occupancy
    where ((from_at >= ${F} and from_at < ${T}) or (from_at < ${F} and to_at > ${F}) or to_at is null)
      and from_at < ${T} and (to_at is null or to_at > ${F}) ${centreFilter('centre_id', centreId)}`.execute(db);

  // Booking occupancy: booked steps over bays × 30-min steps within opening hours.
  const booked$ = one<{ booked: Num }>(
    db,
    sql`select coalesce(sum(booked), 0) as booked from slot_occupancy where slot_start >= ${F} and slot_start < ${T} ${centreFilter('centre_id', centreId)}`,
  );

  // Cancellation and no-show rates: appointments starting in range.
  const outcomes$ = sql<{ status: string; n: Num }>`
    select status, count(*) as n from appointments
    where starts_at >= ${F} and starts_at < ${T} and status in ('COMPLETED', 'CANCELLED', 'NO_SHOW') ${centreFilter('centre_id', centreId)}
    group by status`.execute(db);

  // Extra-work close ratio: customer decisions in range, by count and by value; withdrawn and expired apart.
  const decisions$ = sql<{ decision: string; n: Num; value: Num }>`
    select customer_decision as decision, count(*) as n, coalesce(sum(cast(quantity as bigint) * unit_price), 0) as value
    from parts_requests
    where customer_decision_at >= ${F} and customer_decision_at < ${T} and customer_decision is not null ${centreFilter('centre_id', centreId)}
    group by customer_decision`.execute(db);
  const withdrawals$ = one<{ expired: Num; withdrawn: Num }>(
    db,
    sql`select coalesce(sum(case when h.action = 'expire' then 1 else 0 end), 0) as expired,
          coalesce(sum(case when h.action = 'expire' then 0 else 1 end), 0) as withdrawn
        from parts_request_history h join parts_requests p on p.id = h.parts_request_id
        where h.to_status = 'WITHDRAWN' and h.created_at >= ${F} and h.created_at < ${T} ${centreFilter('p.centre_id', centreId)}`,
  );

  // Turnaround: medians over orders whose work was done in range (both durations in one read, sorted here).
  const durations$ = sql<{ m: Num; w: Num }>`
    select ${minutesBetween(db, sql.ref('opened_at'), sql.ref('work_done_at'))} as m,
      case when started_at is null then null else ${minutesBetween(db, sql.ref('opened_at'), sql.ref('started_at'))} end as w
    from service_orders
    where work_done_at >= ${F} and work_done_at < ${T} ${centreFilter('centre_id', centreId)}`.execute(db);

  // Products of integers are cast to bigint first: 99 × a 50 000 000 ₫ part overflows PostgreSQL's integer.
  // Parts usage: ISSUE − RETURN per product (ISSUE quantities are negative in the ledger), valued at the request's price.
  // The range is read first (materialized): SQLite otherwise walked the centre's whole ledger by product to skip a sort;
  // it is summed per (product, request) there, so the request's price is looked up once per request, by key (as a left
  // join PostgreSQL hashed every parts request; checked with EXPLAIN on bench:kpis' database, docs/performance.md).
  const usage$ = sql<{ product_id: number; name: string; quantity: Num; value: Num }>`
    with moved as materialized (
      select m.product_id, m.parts_request_id, sum(-m.quantity) as quantity from stock_movements m
      where m.kind in ('ISSUE', 'RETURN') and m.created_at >= ${F} and m.created_at < ${T} ${centreFilter('m.centre_id', centreId)}
      group by m.product_id, m.parts_request_id
    )
    select m.product_id, p.name, sum(m.quantity) as quantity,
      sum(cast(m.quantity as bigint) * case when m.parts_request_id is null then p.price
        else coalesce((select pr.unit_price from parts_requests pr where pr.id = m.parts_request_id), p.price) end) as value
    from moved m
    join products p on p.id = m.product_id
    group by m.product_id, p.name
    order by quantity desc, m.product_id`.execute(db);

  // Stock now: low-stock rows and value on hand at sale price.
  const stock$ = one<{ low: Num; value: Num }>(
    db,
    sql`select coalesce(sum(case when cs.min_stock > 0 and cs.on_hand - cs.reserved <= cs.min_stock then 1 else 0 end), 0) as low,
          coalesce(sum(cast(cs.on_hand as bigint) * p.price), 0) as value
        from centre_stock cs join products p on p.id = cs.product_id
        where 1 = 1 ${centreFilter('cs.centre_id', centreId)}`,
  );

  // Now: approvals waiting for the customer for more than 4 hours, technicians on the clock.
  const pendingSince = new Date(now.getTime() - KPI_PENDING_APPROVAL_HOURS * 60 * MINUTE_MS).toISOString();
  const pending$ = db
    .selectFrom('parts_requests as pr')
    .innerJoin('service_orders as so', 'so.id', 'pr.service_order_id')
    .innerJoin('products as p', 'p.id', 'pr.product_id')
    .select(['pr.id', 'so.code', 'so.license_plate', 'p.name', 'pr.decided_at', 'pr.created_at'])
    .where('pr.status', '=', 'AWAITING_CUSTOMER')
    .where((eb) => eb(eb.fn.coalesce('pr.decided_at', 'pr.created_at'), '<', pendingSince))
    .$if(centreId !== null, (q) => q.where('pr.centre_id', '=', centreId!))
    .orderBy('pr.decided_at')
    .orderBy('pr.id')
    .execute();
  const clockedIn$ = db
    .selectFrom('work_time_entries as w')
    .innerJoin('service_orders as so', 'so.id', 'w.service_order_id')
    .innerJoin('users as u', 'u.id', 'w.technician_id')
    .select(['w.technician_id', 'u.full_name', 'so.code', 'so.license_plate', 'w.started_at'])
    .where('w.ended_at', 'is', null)
    .$if(centreId !== null, (q) => q.where('so.centre_id', '=', centreId!))
    .orderBy('w.started_at')
    .execute();

  // The queries are independent: asked together (PostgreSQL answers them on several connections of the pool;
  // SQLite's single connection takes them in turn).
  const [centres, vehiclesIn, carCount, revenue, invoicedMinutes, shop, technicianTotals, bays, booked, outcomes, decisions, withdrawals, durations, usage, stock, pending, clockedIn] = await Promise.all([
    centres$, vehiclesIn$, carCount$, revenue$, invoicedMinutes$, shop$, technicianTotals$, bays$, booked$, outcomes$, decisions$, withdrawals$, durations$, usage$, stock$, pending$, clockedIn$,
  ]);
  const technicians = technicianTotals.rows;
  const days = dayStarts(range);
  const hours = new Map(centres.map((c) => [c.id, { open: minutesOfDay(c.open_time), close: minutesOfDay(c.close_time) }]));
  let bayMinutes = 0;
  for (const row of bays.rows) {
    const opening = hours.get(row.centre_id);
    if (!opening) continue;
    const start = instantMs(row.from_at);
    const end = instantMs(row.to_at);
    // only the local days the stay touches (already clipped to the range)
    const first = Math.max(0, Math.floor((start - range.fromMs) / DAY_MS));
    const last = Math.min(days.length - 1, Math.floor((end - range.fromMs) / DAY_MS));
    for (let index = first; index <= last; index += 1) {
      const day = days[index]!;
      const open = day + opening.open * MINUTE_MS;
      const close = day + opening.close * MINUTE_MS;
      const overlap = Math.min(end, close) - Math.max(start, open);
      if (overlap > 0) bayMinutes += overlap / MINUTE_MS;
    }
  }
  const openMinutesPerDay = (c: (typeof centres)[number]) => Math.max(0, minutesOfDay(c.close_time) - minutesOfDay(c.open_time));
  const bayCapacity = centres.reduce((sum, c) => sum + c.service_bays * openMinutesPerDay(c) * range.days, 0);
  const stepCapacity = centres.reduce((sum, c) => sum + c.service_bays * Math.floor(openMinutesPerDay(c) / 30) * range.days, 0);
  const outcome = (status: string) => toNumber(outcomes.rows.find((r) => r.status === status)?.n);
  const completed = outcome('COMPLETED');
  const cancelled = outcome('CANCELLED');
  const noShow = outcome('NO_SHOW');
  const decision = (name: string) => decisions.rows.find((r) => r.decision === name);
  const approvedCount = toNumber(decision('approve')?.n);
  const declinedCount = toNumber(decision('decline')?.n);
  const approvedValue = toNumber(decision('approve')?.value);
  const declinedValue = toNumber(decision('decline')?.value);
  const ascending = (values: number[]) => values.sort((a, b) => a - b);
  const turnaroundMinutes = ascending(durations.rows.map((r) => tenth(toNumber(r.m))));
  const waitingMinutes = ascending(durations.rows.filter((r) => r.w !== null).map((r) => tenth(toNumber(r.w))));
  const usageItems = usage.rows.map((r) => ({ productId: r.product_id, name: r.name, quantity: toNumber(r.quantity), value: toNumber(r.value) }));

  const paidInvoices = toNumber(revenue.n);
  const revenueTotal = toNumber(revenue.total);
  const cars = toNumber(carCount.n);
  const standard = technicians.reduce((sum, t) => sum + t.standardMinutes, 0);
  const clockedOnDone = technicians.reduce((sum, t) => sum + t.clockedMinutesOnDone, 0);

  return {
    centreId,
    from: range.from,
    to: range.to,
    days: range.days,
    generatedAt: now.toISOString(),
    vehiclesIn: toNumber(vehiclesIn.n),
    carCount: cars,
    revenue: {
      total: revenueTotal,
      services: toNumber(revenue.services),
      parts: toNumber(revenue.parts),
      packageDiscount: toNumber(revenue.discount),
      paidInvoices,
    },
    shopRevenue: { total: toNumber(shop.total), orders: toNumber(shop.n) },
    aro: paidInvoices === 0 ? null : Math.round(revenueTotal / paidInvoices),
    hoursPerRo: cars === 0 ? null : Math.round((toNumber(invoicedMinutes.minutes) / cars / 60) * 10) / 10,
    efficiencyPct: percent(standard, clockedOnDone),
    utilisationPct: technicianTotals.scheduledMinutes === null ? null : percent(technicianTotals.clockedMinutes, technicianTotals.scheduledMinutes),
    utilisationNote: utilisationNoteOf(technicianTotals),
    technicians,
    bayUtilisationPct: percent(bayMinutes, bayCapacity),
    bookingOccupancyPct: percent(toNumber(booked.booked), stepCapacity),
    cancellationRatePct: percent(cancelled, cancelled + completed),
    noShowRatePct: percent(noShow, noShow + completed),
    appointments: { completed, cancelled, noShow },
    extraWork: {
      approvedCount,
      declinedCount,
      closeRatioCountPct: percent(approvedCount, approvedCount + declinedCount),
      approvedValue,
      declinedValue,
      closeRatioValuePct: percent(approvedValue, approvedValue + declinedValue),
      withdrawnCount: toNumber(withdrawals.withdrawn),
      expiredCount: toNumber(withdrawals.expired),
    },
    turnaround: {
      orders: turnaroundMinutes.length,
      medianMinutes: median(turnaroundMinutes),
      medianWaitingMinutes: median(waitingMinutes),
    },
    partsUsage: { items: usageItems, totalValue: usageItems.reduce((sum, item) => sum + item.value, 0) },
    lowStockCount: toNumber(stock.low),
    inventoryValue: toNumber(stock.value),
    pendingApprovals: {
      count: pending.length,
      items: pending.map((r) => ({
        id: r.id,
        serviceOrderCode: r.code,
        licensePlate: r.license_plate,
        productName: r.name,
        sentAt: toIsoUtc(r.decided_at ?? r.created_at),
      })),
    },
    clockedIn: clockedIn.map((r) => ({
      technicianId: r.technician_id,
      fullName: r.full_name,
      serviceOrderCode: r.code,
      licensePlate: r.license_plate,
      since: toIsoUtc(r.started_at),
    })),
  };
}
