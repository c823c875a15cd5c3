import type { ReportCharts } from 'shared-contracts/schemas';
import { DateAxis, ValueAxis } from './ChartAxes';
import { count, dayMonth, largest, niceScale } from './chartFormat';
import { ChartFrame, COLOURS, PLOT } from './ChartFrame';
import { dayBands } from './chartScale';
import { chartText } from './chartText';

const t = chartText.carCount;

/** Car count by day: invoices issued each day (§8 car count). */
export function CarCountChart({ days }: { days: ReportCharts['carCountByDay'] }) {
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const top = largest(days, (day) => day.count);
  const scale = niceScale(Math.max(0, ...days.map((day) => day.count)));
  // a count axis has whole steps only
  const ticks = scale.ticks.filter((tick) => Number.isInteger(tick));
  const { x, y, barWidth } = dayBands(days.length, scale.max);
  const summary = t.summary(dayMonth(days[0]?.date ?? ''), dayMonth(days.at(-1)?.date ?? ''), count(total), top ? dayMonth(top.date) : '', top ? count(top.count) : '');

  return (
    <ChartFrame
      title={t.title}
      isEmpty={total === 0}
      emptyText={t.empty}
      summary={summary}
      table={{
        columns: [t.date, t.cars],
        rows: days.map((day) => ({ key: day.date, header: dayMonth(day.date), cells: [count(day.count)] })),
      }}
    >
      <ValueAxis ticks={ticks} max={scale.max} format={count} />
      {days.map((day, index) => (
        <rect key={day.date} x={x(index) - barWidth / 2} y={y(day.count)} width={barWidth} height={PLOT.bottom - y(day.count)} fill={COLOURS.cars} />
      ))}
      <DateAxis dates={days.map((day) => day.date)} x={x} format={dayMonth} />
    </ChartFrame>
  );
}
