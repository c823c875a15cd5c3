import { centreKpisSchema } from 'shared-contracts/schemas';
import { centreKpis } from '../../../src/modules/kpis/centreKpis';
import { parseKpiRange, previousKpiRange } from '../../../src/modules/kpis/kpiRange';
import { testDatabases, useFloor } from '../../support/floorTestKit';
import { buildKpiFixture, type KpiFixture } from '../../support/kpiFixture';

/** The floor's clock: Thursday 19/11/2026 08:00 in Vietnam. */
const NOW = new Date('2026-11-19T01:00:00.000Z');

describe('the previous KPI period', () => {
  it('is the same number of days ending the day before the range, in local dates', () => {
    expect(previousKpiRange(parseKpiRange('2026-11-13', '2026-11-15'))).toMatchObject({
      from: '2026-11-10',
      to: '2026-11-12',
      days: 3,
      fromUtc: '2026-11-09T17:00:00.000Z',
      toUtc: '2026-11-12T17:00:00.000Z',
    });
    expect(previousKpiRange(parseKpiRange('2026-03-01', '2026-03-01'))).toMatchObject({ from: '2026-02-28', to: '2026-02-28', days: 1 });
  });
});

describe.each(testDatabases())('KPIs compared with the previous period on $label', (target) => {
  const floor = useFloor(target);
  let k: KpiFixture;

  beforeAll(async () => {
    k = await buildKpiFixture(floor);
  });

  it("sends the previous period's headline figures with the range's own", async () => {
    // 13–15/11 is quiet; the fixture's work is on 10–12/11, the 3 days just before.
    const response = await floor.request(k.manager, 'GET', '/api/kpis/centre?from=2026-11-13&to=2026-11-15');
    expect(response.statusCode).toBe(200);
    const kpis = centreKpisSchema.parse(response.json().data);
    expect(kpis.previous).toMatchObject({
      from: '2026-11-10',
      to: '2026-11-12',
      vehiclesIn: 4,
      carCount: 3,
      revenueTotal: 1_300_000,
      aro: 650_000,
      shopRevenueTotal: 700_000,
    });
    const direct = await centreKpis(floor.db, k.centreId, parseKpiRange('2026-11-10', '2026-11-12'), NOW);
    expect(kpis.previous).toMatchObject({
      efficiencyPct: direct.efficiencyPct,
      bayUtilisationPct: direct.bayUtilisationPct,
      cancellationRatePct: direct.cancellationRatePct,
      turnaroundMedianMinutes: direct.turnaround.medianMinutes,
      partsUsageValue: direct.partsUsage.totalValue,
    });
  });
});
