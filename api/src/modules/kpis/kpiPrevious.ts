import type { CentreKpis, KpiPrevious } from 'shared-contracts/schemas';

/** The headline figures of a period's KPIs, as the next period's tiles compare with them. */
export function kpiPreviousOf(k: CentreKpis): KpiPrevious {
  return {
    from: k.from,
    to: k.to,
    vehiclesIn: k.vehiclesIn,
    carCount: k.carCount,
    revenueTotal: k.revenue.total,
    aro: k.aro,
    hoursPerRo: k.hoursPerRo,
    efficiencyPct: k.efficiencyPct,
    utilisationPct: k.utilisationPct,
    bayUtilisationPct: k.bayUtilisationPct,
    bookingOccupancyPct: k.bookingOccupancyPct,
    cancellationRatePct: k.cancellationRatePct,
    noShowRatePct: k.noShowRatePct,
    closeRatioCountPct: k.extraWork.closeRatioCountPct,
    closeRatioValuePct: k.extraWork.closeRatioValuePct,
    turnaroundMedianMinutes: k.turnaround.medianMinutes,
    waitingMedianMinutes: k.turnaround.medianWaitingMinutes,
    partsUsageValue: k.partsUsage.totalValue,
    shopRevenueTotal: k.shopRevenue.total,
  };
}
