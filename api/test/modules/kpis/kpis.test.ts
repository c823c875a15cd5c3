import { sql } from 'kysely';
import { centreKpisSchema, myKpisSchema } from 'shared-contracts/schemas';
import { centreKpis } from '../../../src/modules/kpis/centreKpis';
import { median, parseKpiRange, percent } from '../../../src/modules/kpis/kpiRange';
import { myKpis, utilisationNotes } from '../../../src/modules/kpis/technicianKpis';
import { testDatabases, useFloor } from '../../support/floorTestKit';
import { addProduct } from '../../support/inventoryTestKit';
import { createCentre } from '../../support/serviceTestKit';
import { buildKpiFixture, type KpiFixture } from '../../support/kpiFixture';

/** The floor's clock: Thursday 19/11/2026 08:00 in Vietnam. */
const NOW = new Date('2026-11-19T01:00:00.000Z');

describe('KPI range and arithmetic', () => {
  it('turns local dates into UTC bounds [from 00:00, to+1 00:00) of Asia/Ho_Chi_Minh', () => {
    expect(parseKpiRange('2026-11-10', '2026-11-12')).toMatchObject({ days: 3, fromUtc: '2026-11-09T17:00:00.000Z', toUtc: '2026-11-12T17:00:00.000Z' });
    expect(parseKpiRange('2024-02-29', '2024-02-29')).toMatchObject({ days: 1, fromUtc: '2024-02-28T17:00:00.000Z' });
  });

  it.each([
    ['2026-11-12', '2026-11-10'],
    ['2026-02-30', '2026-03-01'],
    ['19/11/2026', '2026-11-20'],
    ['2025-11-10', '2026-11-11'],
  ])('refuses %s → %s with 422 DATE_RANGE_INVALID', (from, to) => {
    expect(() => parseKpiRange(from, to)).toThrow(expect.objectContaining({ status: 422, code: 'DATE_RANGE_INVALID' }));
  });

  it('accepts exactly 366 days', () => {
    expect(parseKpiRange('2025-11-10', '2026-11-10').days).toBe(366);
  });

  it('rounds percentages to one decimal, a zero denominator is null, medians of odd and even counts', () => {
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(1, 0)).toBeNull();
    expect(median([])).toBeNull();
    expect(median([1, 5, 9])).toBe(5);
    expect(median([1, 4, 6, 100])).toBe(5);
  });
});

describe.each(testDatabases())('KPIs of a hand-built centre on $label', (target) => {
  const floor = useFloor(target);
  let k: KpiFixture;

  beforeAll(async () => {
    k = await buildKpiFixture(floor);
  });

  const range = parseKpiRange('2026-11-10', '2026-11-12');

  it('counts vehicles in (cancelled included, local-midnight edges), cars, revenue and ARO', async () => {
    const kpis = await centreKpis(floor.db, k.centreId, range, NOW);
    expect(kpis.vehiclesIn).toBe(4);
    expect(kpis.carCount).toBe(3);
    expect(kpis.revenue).toEqual({ total: 1_300_000, services: 1_200_000, parts: 200_000, packageDiscount: 100_000, paidInvoices: 2 });
    expect(kpis.aro).toBe(650_000);
    expect(kpis.hoursPerRo).toBe(1.3);
  });

  it('adds the web shop revenue (site-wide): PAID and COMPLETED orders by their first completion in range', async () => {
    const kpis = await centreKpis(floor.db, k.centreId, range, NOW);
    expect(kpis.shopRevenue).toEqual({ total: 700_000, orders: 2 });
    // the same figure for every scope: web orders have no centre
    expect((await centreKpis(floor.db, null, range, NOW)).shopRevenue).toEqual({ total: 700_000, orders: 2 });
    expect((await centreKpis(floor.db, k.centreId, parseKpiRange('2026-11-10', '2026-11-10'), NOW)).shopRevenue).toEqual({ total: 500_000, orders: 1 });
    expect((await centreKpis(floor.db, k.centreId, parseKpiRange('2026-11-09', '2026-11-09'), NOW)).shopRevenue).toEqual({ total: 300_000, orders: 1 });
    expect((await centreKpis(floor.db, k.centreId, parseKpiRange('2026-11-13', '2026-11-13'), NOW)).shopRevenue).toEqual({ total: 1_000_000, orders: 1 });
  });

  it('gives technicians clocked minutes clipped to the range, orders done and efficiency', async () => {
    const kpis = await centreKpis(floor.db, k.centreId, range, NOW);
    expect(kpis.technicians).toEqual([
      { technicianId: k.t1.id, fullName: 'An Kỹ thuật', clockedMinutes: 160, ordersDone: 2, standardMinutes: 150, clockedMinutesOnDone: 170, efficiencyPct: 88.2, utilisationPct: null },
      { technicianId: k.t2.id, fullName: 'Bình Kỹ thuật', clockedMinutes: 90, ordersDone: 1, standardMinutes: 75, clockedMinutesOnDone: 60, efficiencyPct: 125, utilisationPct: null },
    ]);
    expect(kpis.efficiencyPct).toBe(97.8);
    expect(kpis.utilisationPct).toBeNull();
    expect(kpis.utilisationNote).toMatch(/ca làm việc/);
  });

  it('measures bays inside opening hours and booked 30-minute steps', async () => {
    const kpis = await centreKpis(floor.db, k.centreId, range, NOW);
    expect(kpis.bayUtilisationPct).toBe(8.3);
    expect(kpis.bookingOccupancyPct).toBe(3.7);
  });

  it('rates cancellations and no-shows against completed appointments starting in range', async () => {
    const kpis = await centreKpis(floor.db, k.centreId, range, NOW);
    expect(kpis.appointments).toEqual({ completed: 3, cancelled: 1, noShow: 2 });
    expect(kpis.cancellationRatePct).toBe(25);
    expect(kpis.noShowRatePct).toBe(40);
  });

  it('closes extra work by count and by value, withdrawn and expired apart', async () => {
    const kpis = await centreKpis(floor.db, k.centreId, range, NOW);
    expect(kpis.extraWork).toEqual({
      approvedCount: 2,
      declinedCount: 1,
      closeRatioCountPct: 66.7,
      approvedValue: 380_000,
      declinedValue: 360_000,
      closeRatioValuePct: 51.4,
      withdrawnCount: 1,
      expiredCount: 1,
    });
  });

  it('gives turnaround medians in minutes', async () => {
    const kpis = await centreKpis(floor.db, k.centreId, range, NOW);
    expect(kpis.turnaround).toEqual({ orders: 3, medianMinutes: 540, medianWaitingMinutes: 50 });
  });

  it('counts parts used as ISSUE − RETURN at the requests’ prices, low stock and inventory value', async () => {
    const kpis = await centreKpis(floor.db, k.centreId, range, NOW);
    expect(kpis.partsUsage).toEqual({
      items: [
        { productId: k.p2.id, name: 'Lọc gió K', quantity: 2, value: 90_000 },
        { productId: k.p1.id, name: 'Má phanh K', quantity: 1, value: 200_000 },
      ],
      totalValue: 290_000,
    });
    expect(kpis.lowStockCount).toBe(2);
    expect(kpis.inventoryValue).toBe(2_450_000);
  });

  it('lists approvals waiting more than 4 hours and technicians on the clock now', async () => {
    const kpis = await centreKpis(floor.db, k.centreId, range, NOW);
    expect(kpis.pendingApprovals.count).toBe(1);
    expect(kpis.pendingApprovals.items[0]).toMatchObject({ productName: 'Gạt mưa K', sentAt: '2026-11-18T20:00:00.000Z' });
    expect(kpis.clockedIn).toEqual([expect.objectContaining({ technicianId: k.t2.id, fullName: 'Bình Kỹ thuật', since: '2026-11-12T16:30:00.000Z' })]);
  });

  it('adds money beyond 2^31 VND without overflowing (value = quantity × price in bigint)', async () => {
    const centreId = await createCentre(floor.db, { bays: 1 });
    const order = await floor.db.selectFrom('service_orders').select('id').where('centre_id', '=', k.centreId).orderBy('id').executeTakeFirstOrThrow();
    const big = await addProduct(floor.db, { price: 500_000_000, name: 'Bộ pin K' });
    await floor.db.insertInto('centre_stock').values({ centre_id: centreId, product_id: big.id, on_hand: 9, reserved: 0, min_stock: 0 }).execute();
    const request = await floor.db
      .insertInto('parts_requests')
      .values({
        service_order_id: order.id,
        centre_id: centreId,
        product_id: big.id,
        quantity: 9,
        unit_price: 500_000_000,
        reason: 'Thay pin',
        status: 'ISSUED',
        customer_decision: 'approve',
        customer_decision_at: '2026-11-10T05:00:00.000Z',
        customer_decision_via: 'web',
        issued_qty: 9,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await floor.db
      .insertInto('stock_movements')
      .values({ centre_id: centreId, product_id: big.id, kind: 'ISSUE', quantity: -9, on_hand_after: 0, parts_request_id: request.id, actor_id: null, reason: null, created_at: '2026-11-10T05:10:00.000Z' })
      .execute();
    const kpis = await centreKpis(floor.db, centreId, range, NOW);
    expect(kpis.inventoryValue).toBe(4_500_000_000);
    expect(kpis.extraWork.approvedValue).toBe(4_500_000_000);
    expect(kpis.partsUsage.totalValue).toBe(4_500_000_000);
  });

  it('puts local midnight on the right day', async () => {
    const tenth = await centreKpis(floor.db, k.centreId, parseKpiRange('2026-11-10', '2026-11-10'), NOW);
    expect(tenth.vehiclesIn).toBe(1);
    expect(tenth.carCount).toBe(2);
    const thirteenth = await centreKpis(floor.db, k.centreId, parseKpiRange('2026-11-13', '2026-11-13'), NOW);
    expect(thirteenth.vehiclesIn).toBe(1);
    expect(thirteenth.carCount).toBe(0);
  });

  it('answers null for every ratio with a zero denominator', async () => {
    const empty = await centreKpis(floor.db, k.centreId, parseKpiRange('2026-10-01', '2026-10-01'), NOW);
    expect(empty).toMatchObject({
      vehiclesIn: 0,
      carCount: 0,
      aro: null,
      hoursPerRo: null,
      efficiencyPct: null,
      bayUtilisationPct: 0,
      bookingOccupancyPct: 0,
      cancellationRatePct: null,
      noShowRatePct: null,
      extraWork: expect.objectContaining({ closeRatioCountPct: null, closeRatioValuePct: null }),
      turnaround: { orders: 0, medianMinutes: null, medianWaitingMinutes: null },
      partsUsage: { items: [], totalValue: 0 },
      shopRevenue: { total: 0, orders: 0 },
    });
    expect(empty.technicians.find((t) => t.technicianId === k.t2.id)).toBeUndefined();
  });

  it('gives a technician their own figures, a running clock counting up to now', async () => {
    expect(await myKpis(floor.db, k.t1.id, range, NOW)).toMatchObject({ clockedMinutes: 160, ordersDone: 2, efficiencyPct: 88.2, utilisationPct: null });
    const today = await myKpis(floor.db, k.t2.id, parseKpiRange('2026-11-19', '2026-11-19'), NOW);
    expect(today).toMatchObject({ clockedMinutes: 480, ordersDone: 0, efficiencyPct: null });
  });

  it('answers utilisation "—" and says why while there is no shifts table', async () => {
    await sql`drop table if exists technician_shifts`.execute(floor.db);
    const kpis = await centreKpis(floor.db, k.centreId, range, NOW);
    expect(kpis.utilisationPct).toBeNull();
    expect(kpis.utilisationNote).toBe(utilisationNotes.noShiftsTable);
    expect(kpis.technicians.every((t) => t.utilisationPct === null)).toBe(true);
    expect(await myKpis(floor.db, k.t1.id, range, NOW)).toMatchObject({ utilisationPct: null, utilisationNote: utilisationNotes.noShiftsTable });
  });

  describe('routes', () => {
    const url = (query: string) => `/api/kpis/centre?${query}`;

    it('answers the manager of the centre, valid against the contract', async () => {
      const response = await floor.request(k.manager, 'GET', url('from=2026-11-10&to=2026-11-12'));
      expect(response.statusCode).toBe(200);
      const data = centreKpisSchema.parse(response.json().data);
      expect(data).toMatchObject({ centreId: k.centreId, vehiclesIn: 4, aro: 650_000 });
    });

    it('lets an admin read one centre or all centres', async () => {
      const one = await floor.request(floor.users.admin, 'GET', url(`from=2026-11-10&to=2026-11-12&centreId=${k.centreId}`));
      expect(one.statusCode).toBe(200);
      expect(one.json().data).toMatchObject({ centreId: k.centreId, vehiclesIn: 4, carCount: 3 });
      const all = await floor.request(floor.users.admin, 'GET', url('from=2026-11-10&to=2026-11-12'));
      expect(all.statusCode).toBe(200);
      expect(all.json().data.centreId).toBeNull();
      expect(all.json().data.vehiclesIn).toBeGreaterThanOrEqual(4);
      expect(all.json().data.revenue.total).toBeGreaterThanOrEqual(1_300_000);
      expect(all.json().data.shopRevenue).toEqual({ total: 700_000, orders: 2 });
      const missing = await floor.request(floor.users.admin, 'GET', url('from=2026-11-10&to=2026-11-12&centreId=99999999'));
      expect(missing.statusCode).toBe(404);
    });

    it('answers 404 for another centre, 403 for staff, technicians and customers, 401 anonymous', async () => {
      expect((await floor.request(floor.users.manager, 'GET', url(`from=2026-11-10&to=2026-11-12&centreId=${k.centreId}`))).statusCode).toBe(404);
      for (const role of ['staff', 'technician', 'customer'] as const) {
        expect((await floor.request(floor.users[role], 'GET', url('from=2026-11-10&to=2026-11-12'))).statusCode).toBe(403);
      }
      expect((await floor.request(null, 'GET', url('from=2026-11-10&to=2026-11-12'))).statusCode).toBe(401);
    });

    it.each(['from=2026-11-12&to=2026-11-10', 'from=2025-11-10&to=2026-11-11', 'from=2026-02-30&to=2026-03-01', 'from=h%C3%B4m-nay&to=2026-11-10'])(
      'answers 422 DATE_RANGE_INVALID to %s',
      async (query) => {
        const response = await floor.request(k.manager, 'GET', url(query));
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({ success: false, code: 'DATE_RANGE_INVALID' });
        expect(response.json().message).toMatch(/Khoảng ngày không hợp lệ/);
      },
    );

    it('answers 400 when a date is missing', async () => {
      const response = await floor.request(k.manager, 'GET', url('from=2026-11-10'));
      expect(response.statusCode).toBe(400);
    });

    it('gives a technician their own KPIs and nobody else', async () => {
      const response = await floor.request(k.t1, 'GET', '/api/kpis/technician/me?from=2026-11-10&to=2026-11-12');
      expect(response.statusCode).toBe(200);
      expect(myKpisSchema.parse(response.json().data)).toMatchObject({ clockedMinutes: 160, ordersDone: 2, standardMinutes: 150, efficiencyPct: 88.2 });
      expect((await floor.request(k.manager, 'GET', '/api/kpis/technician/me?from=2026-11-10&to=2026-11-12')).statusCode).toBe(403);
      expect((await floor.request(k.t1, 'GET', '/api/kpis/technician/me?from=2026-11-12&to=2026-11-10')).statusCode).toBe(422);
    });
  });
});
