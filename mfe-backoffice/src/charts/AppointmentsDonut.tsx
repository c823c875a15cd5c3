import type { ReportCharts } from 'shared-contracts/schemas';
import { count, percent } from './chartFormat';
import { ChartFrame, COLOURS } from './ChartFrame';
import { chartText } from './chartText';

const t = chartText.appointments;
/** Distinct colours, each ≥ 3:1 against white. */
const PALETTE = ['#0b6e4f', '#2563eb', '#b45309', '#b42318', '#6d28d9', '#0e7490', '#4b5563', '#be185d'];
const RADIUS = 70;
const RING = 34;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** Appointments starting in the range by status, as a donut (stroke-dash slices of one ring) with the total inside. */
export function AppointmentsDonut({ statuses }: { statuses: ReportCharts['appointmentsByStatus'] }) {
  const total = statuses.reduce((sum, status) => sum + status.count, 0);
  const coloured = statuses.map((status, index) => ({ ...status, colour: PALETTE[index % PALETTE.length]! }));
  const shown = coloured.filter((status) => status.count > 0);
  const share = (value: number) => (total === 0 ? null : Math.round((value / total) * 1000) / 10);
  const summary = t.summary(
    count(total),
    shown.map((status) => `${status.label} ${count(status.count)} (${percent(share(status.count))})`).join(', '),
  );
  let offset = 0;

  return (
    <ChartFrame
      title={t.title}
      isEmpty={total === 0}
      emptyText={t.empty}
      summary={summary}
      legend={shown.map((status) => ({ label: `${status.label}: ${count(status.count)}`, colour: status.colour }))}
      table={{
        columns: [t.status, t.count, t.share],
        rows: statuses.map((status) => ({ key: status.status, header: status.label, cells: [count(status.count), percent(share(status.count))] })),
      }}
    >
      <g transform="rotate(-90 160 110)">
        {shown.map((status) => {
          const length = (status.count / total) * CIRCUMFERENCE;
          const slice = (
            <circle
              key={status.status}
              cx={160}
              cy={110}
              r={RADIUS}
              fill="none"
              stroke={status.colour}
              strokeWidth={RING}
              strokeDasharray={`${length} ${CIRCUMFERENCE - length}`}
              strokeDashoffset={-offset}
            />
          );
          offset += length;
          return slice;
        })}
      </g>
      <text x={160} y={108} textAnchor="middle" fontSize={22} fontWeight={700} fill={COLOURS.axisText} aria-hidden="true">
        {count(total)}
      </text>
      <text x={160} y={126} textAnchor="middle" fontSize={12} fill={COLOURS.axisText} aria-hidden="true">
        lịch hẹn
      </text>
    </ChartFrame>
  );
}
