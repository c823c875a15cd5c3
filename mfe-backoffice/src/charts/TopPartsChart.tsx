import type { ReportCharts } from 'shared-contracts/schemas';
import { count, money, niceScale, shorten } from './chartFormat';
import { ChartFrame, CHART_WIDTH, COLOURS } from './ChartFrame';
import { chartText } from './chartText';

const t = chartText.topParts;
const ROW = 22;
const LABEL_RIGHT = 118;
const BAR_RIGHT = CHART_WIDTH - 30;

/** The ten parts used most (issued − returned), as horizontal bars with the quantity at the end of each. */
export function TopPartsChart({ parts }: { parts: ReportCharts['topParts'] }) {
  const height = Math.max(60, parts.length * ROW + 12);
  const scale = niceScale(Math.max(0, ...parts.map((part) => part.quantity)));
  const width = (value: number) => (Math.max(0, value) / scale.max) * (BAR_RIGHT - LABEL_RIGHT);
  const first = parts[0];
  const summary = first ? t.summary(parts.length, first.name, count(first.quantity), money(first.value)) : '';

  return (
    <ChartFrame
      title={t.title}
      isEmpty={parts.length === 0}
      emptyText={t.empty}
      summary={summary}
      height={height}
      table={{
        columns: [t.name, t.quantity, t.value],
        rows: parts.map((part) => ({ key: part.productId, header: part.name, cells: [count(part.quantity), money(part.value)] })),
      }}
    >
      {parts.map((part, index) => {
        const top = 6 + index * ROW;
        return (
          <g key={part.productId} aria-hidden="true">
            <text x={LABEL_RIGHT - 6} y={top + 14} textAnchor="end" fontSize={12} fill={COLOURS.axisText}>
              {shorten(part.name, 18)}
            </text>
            <rect x={LABEL_RIGHT} y={top + 3} width={width(part.quantity)} height={ROW - 8} fill={COLOURS.parts} />
            <text x={LABEL_RIGHT + width(part.quantity) + 4} y={top + 14} fontSize={12} fill={COLOURS.axisText}>
              {count(part.quantity)}
            </text>
          </g>
        );
      })}
    </ChartFrame>
  );
}
