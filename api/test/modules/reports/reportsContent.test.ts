import { reportChartsSchema, reportTableSchema, type ReportTable } from 'shared-contracts/schemas';
import { testDatabases, useFloor } from '../../support/floorTestKit';
import { buildKpiFixture, type KpiFixture } from '../../support/kpiFixture';
import { RANGE } from '../../support/reportCsvKit';

/**
 * The charts and tables of the hand-built centre K (api/test/kpis/kpiFixture.ts, range 10–12/11/2026 local), every
 * expected figure computed by hand from the fixture's comments; they agree with the KPIs of kpis.test.ts.
 */
describe.each(testDatabases())('report figures of a hand-built centre on $label', (target) => {
  const floor = useFloor(target);
  let k: KpiFixture;

  beforeAll(async () => {
    k = await buildKpiFixture(floor);
  });

  async function table(name: string): Promise<ReportTable> {
    const response = await floor.request(k.manager, 'GET', `/api/reports/${name}?${RANGE}`);
    expect(response.statusCode).toBe(200);
    return reportTableSchema.parse(response.json().data);
  }

  describe('charts', () => {
    async function charts() {
      const response = await floor.request(k.manager, 'GET', `/api/reports/charts?${RANGE}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      return reportChartsSchema.parse(response.json().data);
    }

    it('stacks revenue of PAID invoices by local paid day, with the day’s ARO (13/11 00:00 local is out)', async () => {
      // I1 paid 10/11 03:20Z (10:20 local): 900 000 + 200 000, total 1 000 000; I3 paid 12/11 10:00Z (17:00): 300 000;
      // I4 paid 12/11 17:00Z = 13/11 00:00 local: out; I2 unpaid.
      expect((await charts()).revenueByDay).toEqual([
        { date: '2026-11-10', services: 900_000, parts: 200_000, aro: 1_000_000 },
        { date: '2026-11-11', services: 0, parts: 0, aro: null },
        { date: '2026-11-12', services: 300_000, parts: 0, aro: 300_000 },
      ]);
    });

    it('counts cars by the local day their invoice was issued (23:59:59.999 local stays on its day)', async () => {
      // I1 10/11 03:10Z, I2 10/11 02:30Z; I3 09/11 06:00Z out; I4 12/11 16:59:59.999Z = 12/11 23:59 local.
      expect((await charts()).carCountByDay).toEqual([
        { date: '2026-11-10', count: 2 },
        { date: '2026-11-11', count: 0 },
        { date: '2026-11-12', count: 1 },
      ]);
    });

    it('counts appointments starting in range by status, every status listed with its Vietnamese label', async () => {
      const byStatus = Object.fromEntries((await charts()).appointmentsByStatus.map((s) => [s.status, s.count]));
      // Orders' appointments (CHECKED_IN) of O3, O4, O5, O8; COMPLETED ×3; CANCELLED at local midnight; NO_SHOW ×2; PENDING.
      expect(byStatus).toEqual({ AWAITING_VERIFICATION: 0, PENDING: 1, CONFIRMED: 0, CHECKED_IN: 4, IN_PROGRESS: 0, COMPLETED: 3, CANCELLED: 1, NO_SHOW: 2 });
      expect((await charts()).appointmentsByStatus.find((s) => s.status === 'NO_SHOW')?.label).toBe('Không đến');
    });

    it('ranks parts by quantity issued − returned, valued at the requests’ prices', async () => {
      expect((await charts()).topParts).toEqual([
        { productId: k.p2.id, name: 'Lọc gió K', quantity: 2, value: 90_000 },
        { productId: k.p1.id, name: 'Má phanh K', quantity: 1, value: 200_000 },
      ]);
    });

    it('gives each technician efficiency, and utilisation "—" without scheduled shifts', async () => {
      expect((await charts()).technicians).toEqual([
        { technicianId: k.t1.id, fullName: 'An Kỹ thuật', utilisationPct: null, efficiencyPct: 88.2 },
        { technicianId: k.t2.id, fullName: 'Bình Kỹ thuật', utilisationPct: null, efficiencyPct: 125 },
      ]);
    });

    it('maps bay utilisation by weekday × opening hour; weekdays the range lacks are null', async () => {
      // 2 bays × 60 min per hour cell per day; 10/11 is a Tuesday (2), 11/11 Wednesday (3), 12/11 Thursday (4).
      // O1 bay 1 10/11 06:00–10:00 local → 8h and 9h full (60 of 120); O8 bay 2 11/11 16:00 → 12/11 09:00 → Wed 16h,
      // Thu 8h full; O4 bay 1 from 12/11 16:30 (still there) → Thu 16h 30 minutes.
      const heatmap = (await charts()).bayHeatmap;
      expect(heatmap).toHaveLength(7 * 9);
      expect(new Set(heatmap.map((c) => c.hour))).toEqual(new Set([8, 9, 10, 11, 12, 13, 14, 15, 16]));
      const busy = heatmap.filter((c) => c.utilisationPct !== null && c.utilisationPct > 0);
      expect(busy).toEqual([
        { weekday: 2, hour: 8, utilisationPct: 50 },
        { weekday: 2, hour: 9, utilisationPct: 50 },
        { weekday: 3, hour: 16, utilisationPct: 50 },
        { weekday: 4, hour: 8, utilisationPct: 50 },
        { weekday: 4, hour: 16, utilisationPct: 25 },
      ]);
      expect(heatmap.filter((c) => c.utilisationPct === null).map((c) => c.weekday)).toEqual(expect.arrayContaining([1, 5, 6, 7]));
      expect(heatmap.filter((c) => [2, 3, 4].includes(c.weekday)).every((c) => c.utilisationPct !== null)).toBe(true);
    });

    it('gives zeros and nulls for an empty range, every day listed', async () => {
      const response = await floor.request(k.manager, 'GET', '/api/reports/charts?from=2026-10-01&to=2026-10-02');
      const data = reportChartsSchema.parse(response.json().data);
      expect(data.revenueByDay).toEqual([
        { date: '2026-10-01', services: 0, parts: 0, aro: null },
        { date: '2026-10-02', services: 0, parts: 0, aro: null },
      ]);
      expect(data.carCountByDay.map((d) => d.count)).toEqual([0, 0]);
      expect(data.topParts).toEqual([]);
      expect(data.appointmentsByStatus.every((s) => s.count === 0)).toBe(true);
    });
  });

  describe('tables', () => {
    it('lists service orders opened in range by time, cancelled included, with labels, technician and invoice', async () => {
      const report = await table('service-orders');
      expect(report).toMatchObject({ name: 'service-orders', title: 'Phiếu dịch vụ', centreId: k.centreId, from: '2026-11-10', to: '2026-11-12', totalRows: 4 });
      expect(report.rows.map((r) => [r.openedAt, r.status, r.technician, r.invoiceTotal])).toEqual([
        ['2026-11-09T17:00:00.000Z', 'Đã hủy', null, null],
        ['2026-11-11T01:00:00.000Z', 'Chờ thanh toán', 'An Kỹ thuật', 500_000],
        ['2026-11-12T16:00:00.000Z', 'Đang làm', 'Bình Kỹ thuật', null],
        ['2026-11-12T16:59:59.999Z', 'Đã tiếp nhận', null, null],
      ]);
      expect(report.rows[0]).toMatchObject({ customer: 'Khách K', vehicle: 'VinFast VF 8', cancelReason: 'Khách đổi ý' });
    });

    it('lists invoices issued in range with amounts as integers and payment in Vietnamese', async () => {
      const report = await table('invoices');
      expect(report.totalRows).toBe(3);
      expect(report.rows.map((r) => [r.issuedAt, r.services, r.parts, r.packageDiscount, r.total, r.paymentStatus, r.paymentMethod])).toEqual([
        ['2026-11-10T02:30:00.000Z', 500_000, 0, 0, 500_000, 'Chưa thanh toán', null],
        ['2026-11-10T03:10:00.000Z', 900_000, 200_000, 100_000, 1_000_000, 'Đã thanh toán', 'Tiền mặt'],
        ['2026-11-12T16:59:59.999Z', 400_000, 100_000, 0, 500_000, 'Đã thanh toán', 'Tiền mặt'],
      ]);
    });

    it('lists parts issued and returned, quantities used and values that add up to the KPI’s parts usage', async () => {
      const report = await table('parts-usage');
      expect(report.rows.map((r) => [r.kind, r.product, r.quantity, r.unitPrice, r.value])).toEqual([
        ['Xuất cho sửa chữa', 'Má phanh K', 1, 200_000, 200_000],
        ['Xuất cho sửa chữa', 'Lọc gió K', 4, 45_000, 180_000],
        ['Trả lại kho', 'Lọc gió K', -2, 45_000, -90_000],
      ]);
      expect(report.rows.reduce((sum, r) => sum + Number(r.value), 0)).toBe(290_000);
      expect(report.rows[0]).toMatchObject({ technician: 'An Kỹ thuật' });
    });

    it('lists every stock movement of the range, signed as the ledger', async () => {
      const report = await table('stock-movements');
      expect(report.rows.map((r) => [r.kind, r.product, r.quantity])).toEqual([
        ['Nhập từ kho online', 'Má phanh K', 10],
        ['Xuất cho sửa chữa', 'Má phanh K', -1],
        ['Xuất cho sửa chữa', 'Lọc gió K', -4],
        ['Trả lại kho', 'Lọc gió K', 2],
        ['Điều chỉnh', 'Lọc gió K', -1],
      ]);
    });

    it('gives one row per technician with minutes, orders done and efficiency', async () => {
      const report = await table('technicians');
      expect(report.rows.map((r) => [r.technician, r.clockedMinutes, r.ordersDone, r.standardMinutes, r.clockedMinutesOnDone, r.efficiencyPct, r.utilisationPct])).toEqual([
        ['An Kỹ thuật', 160, 2, 150, 170, 88.2, null],
        ['Bình Kỹ thuật', 90, 1, 75, 60, 125, null],
      ]);
    });

    it('lists appointments starting in range by start, local-midnight edges included, with their booked services', async () => {
      const report = await table('appointments');
      expect(report.totalRows).toBe(11);
      // O3's appointment and the cancelled one both start at local midnight: by id (O3's was written first).
      expect(report.rows.slice(0, 2).map((r) => [r.startsAt, r.status])).toEqual([
        ['2026-11-09T17:00:00.000Z', 'Đã tiếp nhận'],
        ['2026-11-09T17:00:00.000Z', 'Đã hủy'],
      ]);
      expect(report.rows.at(-1)).toMatchObject({ startsAt: '2026-11-12T16:59:59.999Z' });
      expect(report.rows.find((r) => r.startsAt === '2026-11-11T01:00:00.000Z')).toMatchObject({ status: 'Đã tiếp nhận', services: 'Dịch vụ 1' });
    });
  });
});
