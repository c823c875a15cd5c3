import type { ReportCharts } from 'shared-contracts/schemas';
import { hourLabel, largest, percent, weekdayName, weekdayShort, WEEKDAYS } from './chartFormat';
import { ChartFrame, CHART_WIDTH, COLOURS } from './ChartFrame';
import { chartText } from './chartText';

const t = chartText.bays;
const LEFT = 34;
const TOP = 8;
const ROW = 24;

type Cell = ReportCharts['bayHeatmap'][number];

/** Bay utilisation by weekday (rows, Thứ 2 … Chủ nhật) and opening hour (columns); darker = busier, grey = no data. */
export function BayHeatmap({ cells }: { cells: ReportCharts['bayHeatmap'] }) {
  const hours = [...new Set(cells.map((cell) => cell.hour))].sort((a, b) => a - b);
  const byKey = new Map(cells.map((cell) => [`${cell.weekday}-${cell.hour}`, cell]));
  const cellOf = (weekday: number, hour: number): Cell | undefined => byKey.get(`${weekday}-${hour}`);
  const known = cells.filter((cell) => cell.utilisationPct !== null);
  const isEmpty = known.length === 0;
  const top = largest(known, (cell) => cell.utilisationPct);
  const average = known.length === 0 ? null : Math.round((known.reduce((sum, cell) => sum + (cell.utilisationPct ?? 0), 0) / known.length) * 10) / 10;
  const summary = top ? t.summary(weekdayName(top.weekday), hourLabel(top.hour), percent(top.utilisationPct), percent(average)) : '';
  const columnWidth = (CHART_WIDTH - LEFT - 4) / Math.max(1, hours.length);
  const height = TOP + WEEKDAYS.length * ROW + 22;
  const fill = (value: number | null | undefined) =>
    value === null || value === undefined ? COLOURS.noData : `rgba(${COLOURS.heat}, ${(0.12 + 0.88 * Math.min(100, Math.max(0, value)) / 100).toFixed(2)})`;
  const everyHour = Math.max(1, Math.ceil(hours.length / 8));

  return (
    <ChartFrame
      title={t.title}
      isEmpty={isEmpty}
      emptyText={t.empty}
      summary={summary}
      height={height}
      legend={[
        { label: `${t.scaleLow} (0 %)`, colour: fill(0) },
        { label: `${t.scaleHigh} (100 %)`, colour: fill(100) },
        { label: t.noData, colour: COLOURS.noData },
      ]}
      table={{
        columns: [t.weekday, ...hours.map(hourLabel)],
        rows: WEEKDAYS.map((name, index) => ({ key: name, header: name, cells: hours.map((hour) => percent(cellOf(index + 1, hour)?.utilisationPct ?? null)) })),
      }}
    >
      <g aria-hidden="true">
        {WEEKDAYS.map((name, index) => (
          <g key={name}>
            <text x={LEFT - 6} y={TOP + index * ROW + 16} textAnchor="end" fontSize={11} fill={COLOURS.axisText}>
              {weekdayShort(index + 1)}
            </text>
            {hours.map((hour, column) => (
              <rect
                key={hour}
                x={LEFT + column * columnWidth + 1}
                y={TOP + index * ROW + 1}
                width={Math.max(0.5, columnWidth - 2)}
                height={ROW - 2}
                rx={2}
                fill={fill(cellOf(index + 1, hour)?.utilisationPct)}
              />
            ))}
          </g>
        ))}
        {hours.map((hour, column) =>
          column % everyHour === 0 ? (
            <text key={hour} x={LEFT + column * columnWidth + columnWidth / 2} y={TOP + WEEKDAYS.length * ROW + 14} textAnchor="middle" fontSize={11} fill={COLOURS.axisText}>
              {hour}h
            </text>
          ) : null,
        )}
      </g>
    </ChartFrame>
  );
}
