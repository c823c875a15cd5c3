import { ChartFrame, COLOURS, PLOT } from '../charts/ChartFrame';
import { ValueAxis } from '../charts/ChartAxes';
import { niceScale } from '../charts/chartFormat';
import { formatCount, formatProbability } from './predictionFormat';
import { predictionModelsText } from './predictionModelsText';

const t = predictionModelsText.calibration;

/** Room under the plot for the predicted-probability ticks and the axis name. */
const HEIGHT = 240;

const tickFormat = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 1 });
/** An axis tick: '0 %', '2,5 %', '10 %'. */
const percentTick = (value: number) => `${tickFormat.format(value * 100)} %`;

export interface CalibrationBin {
  predicted: number;
  observed: number;
  count: number;
}

/**
 * A component's calibration (spec predictive.md §2): the backtest's predictions cut into deciles, each a point at
 * (mean predicted probability, observed failure rate) on the same scale on both axes, with the diagonal where a
 * perfectly calibrated model's points lie. ChartFrame gives it its heading, its summary as the SVG's name and the
 * same figures as a table (the chart's text alternative).
 */
export function CalibrationChart({ label, bins }: { label: string; bins: readonly CalibrationBin[] }) {
  const title = t.title(label);
  const { max, ticks } = niceScale(Math.min(1, Math.max(0.01, ...bins.map((bin) => Math.max(bin.predicted, bin.observed)))));
  const x = (value: number) => PLOT.left + (value / max) * (PLOT.right - PLOT.left);
  const y = (value: number) => PLOT.bottom - (value / max) * (PLOT.bottom - PLOT.top);
  const worst = bins.reduce<CalibrationBin | undefined>(
    (best, bin) => (best === undefined || Math.abs(bin.observed - bin.predicted) > Math.abs(best.observed - best.predicted) ? bin : best),
    undefined,
  );

  return (
    <ChartFrame
      title={title}
      isEmpty={bins.length === 0}
      emptyText={t.empty}
      summary={worst ? t.summary(label, bins.length, formatProbability(worst.predicted), formatProbability(worst.observed)) : t.empty}
      height={HEIGHT}
      legend={[
        { label: t.legendPoints, colour: COLOURS.services },
        { label: t.legendDiagonal, colour: COLOURS.reference, shape: 'line' },
      ]}
      table={{
        columns: [t.group, t.predicted, t.observed, t.count],
        rows: bins.map((bin, index) => ({
          key: index,
          header: t.groupName(index + 1),
          cells: [formatProbability(bin.predicted), formatProbability(bin.observed), formatCount(bin.count)],
        })),
      }}
    >
      <ValueAxis ticks={ticks} max={max} format={percentTick} />
      <g aria-hidden="true">
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={x(tick)} x2={x(tick)} y1={PLOT.top} y2={PLOT.bottom} stroke={COLOURS.grid} strokeWidth={1} />
            <text x={x(tick)} y={PLOT.bottom + 16} textAnchor="middle" fontSize={11} fill={COLOURS.axisText}>
              {percentTick(tick)}
            </text>
          </g>
        ))}
        <text x={PLOT.right} y={HEIGHT - 4} textAnchor="end" fontSize={11} fill={COLOURS.axisText}>
          {t.xAxis}
        </text>
        <text x={PLOT.left + 4} y={PLOT.top + 12} fontSize={11} fill={COLOURS.axisText}>
          {t.yAxis}
        </text>
        <line x1={x(0)} y1={y(0)} x2={x(max)} y2={y(max)} stroke={COLOURS.reference} strokeWidth={1.5} strokeDasharray="5 4" />
        {bins.map((bin, index) => (
          <circle
            key={index}
            cx={x(Math.min(bin.predicted, max))}
            cy={y(Math.min(bin.observed, max))}
            r={4.5}
            fill={COLOURS.services}
            fillOpacity={0.85}
            stroke="#fff"
            strokeWidth={1}
          />
        ))}
      </g>
    </ChartFrame>
  );
}
