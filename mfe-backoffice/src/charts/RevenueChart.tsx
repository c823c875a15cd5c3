import type { ReportCharts } from 'shared-contracts/schemas';
import { DateAxis, ValueAxis } from './ChartAxes';
import { axis, dayMonth, largest, money, niceScale } from './chartFormat';
import { ChartFrame, COLOURS, PLOT } from './ChartFrame';
import { dayBands } from './chartScale';
import { chartText } from './chartText';

const t = chartText.revenue;

/** Revenue by day (PAID invoices by paid_at): services and parts stacked, the ARO as a line on the same VND axis. */
export function RevenueChart({ days }: { days: ReportCharts['revenueByDay'] }) {
  const totals = days.map((day) => day.services + day.parts);
  const services = days.reduce((sum, day) => sum + day.services, 0);
  const parts = days.reduce((sum, day) => sum + day.parts, 0);
  const isEmpty = days.length === 0 || days.every((day) => day.services === 0 && day.parts === 0);
  const top = largest(days, (day) => day.services + day.parts);
  const scale = niceScale(Math.max(0, ...totals, ...days.map((day) => day.aro ?? 0)));
  const { x, y, barWidth } = dayBands(days.length, scale.max);
  const aroPoints = days.flatMap((day, index) => (day.aro === null ? [] : [`${x(index).toFixed(1)},${y(day.aro).toFixed(1)}`]));
  const first = days[0]?.date ?? '';
  const last = days.at(-1)?.date ?? '';
  const summary = t.summary(
    dayMonth(first),
    dayMonth(last),
    money(services + parts),
    money(services),
    money(parts),
    top ? dayMonth(top.date) : '',
    top ? money(top.services + top.parts) : '',
  );

  return (
    <ChartFrame
      title={t.title}
      isEmpty={isEmpty}
      emptyText={t.empty}
      summary={summary}
      legend={[
        { label: t.services, colour: COLOURS.services },
        { label: t.parts, colour: COLOURS.parts },
        { label: t.aro, colour: COLOURS.aro, shape: 'line' },
      ]}
      table={{
        columns: [t.date, t.services, t.parts, t.total, t.aro],
        rows: days.map((day) => ({
          key: day.date,
          header: dayMonth(day.date),
          cells: [money(day.services), money(day.parts), money(day.services + day.parts), money(day.aro)],
        })),
      }}
    >
      <ValueAxis ticks={scale.ticks} max={scale.max} format={axis} />
      {days.map((day, index) => (
        <g key={day.date}>
          <rect x={x(index) - barWidth / 2} y={y(day.services)} width={barWidth} height={PLOT.bottom - y(day.services)} fill={COLOURS.services} />
          <rect x={x(index) - barWidth / 2} y={y(day.services + day.parts)} width={barWidth} height={y(day.services) - y(day.services + day.parts)} fill={COLOURS.parts} />
        </g>
      ))}
      {aroPoints.length > 1 && <polyline points={aroPoints.join(' ')} fill="none" stroke={COLOURS.aro} strokeWidth={2} />}
      {days.map((day, index) => (day.aro === null ? null : <circle key={day.date} cx={x(index)} cy={y(day.aro)} r={2.5} fill={COLOURS.aro} />))}
      <DateAxis dates={days.map((day) => day.date)} x={x} format={dayMonth} />
    </ChartFrame>
  );
}
