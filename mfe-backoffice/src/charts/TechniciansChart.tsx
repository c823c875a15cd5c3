import type { ReportCharts } from 'shared-contracts/schemas';
import { largest, niceScale, percent, shorten } from './chartFormat';
import { ChartFrame, CHART_WIDTH, COLOURS } from './ChartFrame';
import { chartText } from './chartText';

const t = chartText.technicians;
const ROW = 36;
const TOP = 22;
const LABEL_RIGHT = 108;
const BAR_RIGHT = CHART_WIDTH - 50;

/**
 * Each technician's utilisation (clocked ÷ shift time) and efficiency (standard ÷ clocked time), as a pair of
 * horizontal bars against a dashed 100 % reference; a figure that cannot be computed shows '—' instead of a bar.
 */
export function TechniciansChart({ technicians }: { technicians: ReportCharts['technicians'] }) {
  const isEmpty = technicians.length === 0 || technicians.every((row) => row.utilisationPct === null && row.efficiencyPct === null);
  const scale = niceScale(Math.max(100, ...technicians.flatMap((row) => [row.utilisationPct ?? 0, row.efficiencyPct ?? 0])));
  const x = (value: number) => LABEL_RIGHT + (Math.max(0, value) / scale.max) * (BAR_RIGHT - LABEL_RIGHT);
  const height = TOP + technicians.length * ROW + 8;
  const best = largest(technicians, (row) => row.efficiencyPct);
  const summary = t.summary(technicians.length, best ? t.best(best.fullName, percent(best.efficiencyPct)) : t.noEfficiency);

  const bar = (value: number | null, top: number, colour: string) =>
    value === null ? (
      <text x={LABEL_RIGHT + 4} y={top + 10} fontSize={11} fill={COLOURS.axisText}>
        —
      </text>
    ) : (
      <>
        <rect x={LABEL_RIGHT} y={top} width={x(value) - LABEL_RIGHT} height={12} fill={colour} />
        <text x={x(value) + 4} y={top + 10} fontSize={11} fill={COLOURS.axisText} stroke="#fff" strokeWidth={3} paintOrder="stroke">
          {percent(value)}
        </text>
      </>
    );

  return (
    <ChartFrame
      title={t.title}
      isEmpty={isEmpty}
      emptyText={t.empty}
      summary={summary}
      height={height}
      legend={[
        { label: t.utilisation, colour: COLOURS.utilisation },
        { label: t.efficiency, colour: COLOURS.efficiency },
        { label: t.reference, colour: COLOURS.reference, shape: 'line' },
      ]}
      table={{
        columns: [t.name, t.utilisation, t.efficiency],
        rows: technicians.map((row) => ({ key: row.technicianId, header: row.fullName, cells: [percent(row.utilisationPct), percent(row.efficiencyPct)] })),
      }}
    >
      <g aria-hidden="true">
        {/* under the bars and their values, which carry a white halo */}
        <line x1={x(100)} x2={x(100)} y1={TOP - 6} y2={height - 4} stroke={COLOURS.reference} strokeWidth={1.5} strokeDasharray="4 3" />
        {technicians.map((row, index) => {
          const top = TOP + index * ROW;
          return (
            <g key={row.technicianId}>
              <text x={LABEL_RIGHT - 6} y={top + 18} textAnchor="end" fontSize={11} fill={COLOURS.axisText}>
                {shorten(row.fullName, 16)}
              </text>
              {bar(row.utilisationPct, top + 2, COLOURS.utilisation)}
              {bar(row.efficiencyPct, top + 16, COLOURS.efficiency)}
            </g>
          );
        })}
        <text x={x(100)} y={TOP - 10} textAnchor="middle" fontSize={11} fill={COLOURS.reference}>
          100 %
        </text>
      </g>
    </ChartFrame>
  );
}
