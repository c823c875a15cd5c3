import { displayDate, kpiText } from './kpiText';

/** How a figure moved since the previous period of the same length, as a tile shows it. */
export interface KpiChange {
  direction: 'up' | 'down' | 'same';
  /** Whether the move is good news (a rate of cancellations going up is not). */
  tone: 'good' | 'bad' | 'neutral';
  /** What is seen: '▲ 2', '▼ 1,5', '= 0'. */
  text: string;
  /** What is read out: 'Tăng 2 xe so với kỳ trước (16/11/2026 – 18/11/2026)'. */
  label: string;
}

export interface KpiComparison {
  current: number | null;
  previous: number | null | undefined;
  /** The figure's formatter (the delta is shown as the value is, in the same unit). */
  format: (value: number) => string;
  unit: string;
  /** For cancellations, no-shows and waiting times: a rise is bad news. */
  lowerIsBetter?: boolean;
  /** The previous period's dates. */
  from: string;
  to: string;
}

const ARROWS = { up: '▲', down: '▼', same: '=' } as const;

/** The change between two figures, or null when either is missing (no previous period, or a '—'). */
export function kpiChange({ current, previous, format, unit, lowerIsBetter = false, from, to }: KpiComparison): KpiChange | null {
  if (current === null || previous === null || previous === undefined) return null;
  const delta = current - previous;
  const magnitude = format(Math.abs(delta));
  // A delta that rounds to nothing as shown is no change.
  const direction = magnitude === format(0) ? 'same' : delta > 0 ? 'up' : 'down';
  const tone = direction === 'same' ? 'neutral' : (direction === 'up') !== lowerIsBetter ? 'good' : 'bad';
  const amount = unit ? `${magnitude} ${unit}` : magnitude;
  const words = kpiText.change;
  const period = words.vsPrevious(displayDate(from), displayDate(to));
  return {
    direction,
    tone,
    text: `${ARROWS[direction]} ${direction === 'same' ? format(0) : magnitude}`,
    label: direction === 'same' ? `${words.same} ${period}` : `${direction === 'up' ? words.up : words.down} ${amount} ${period}`,
  };
}
