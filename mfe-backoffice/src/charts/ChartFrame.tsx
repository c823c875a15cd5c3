import { useId, type ReactNode } from 'react';
import { ScrollRegion } from '../components/ScrollRegion';
import { chartText } from './chartText';
import styles from './Charts.module.css';

/** Narrow on purpose: at a 360 px phone the viewBox is drawn about 1:1, so 11-unit text stays readable. */
export const CHART_WIDTH = 320;
export const CHART_HEIGHT = 220;
/** The plot area inside the viewBox: room on the left for the value axis and below for the dates. */
export const PLOT = { left: 40, right: 314, top: 10, bottom: 196 } as const;

/** Contrasting colours (≥ 3:1 on white for marks, text is #1f2937 / #374151). */
export const COLOURS = {
  services: '#0b6e4f',
  parts: '#2563eb',
  aro: '#b45309',
  cars: '#0b6e4f',
  utilisation: '#2563eb',
  efficiency: '#0b6e4f',
  reference: '#b42318',
  grid: '#d1d5db',
  axisText: '#374151',
  heat: '11, 110, 79',
  noData: '#e5e7eb',
} as const;

export interface LegendItem {
  label: string;
  colour: string;
  /** 'line' for a line series, else a filled square. */
  shape?: 'box' | 'line';
}

interface Props {
  title: string;
  /** Nothing to draw: only the empty message is shown. */
  isEmpty: boolean;
  emptyText: string;
  /** The chart's aria-label: what a sighted reader takes from it, in one or two sentences. */
  summary: string;
  height?: number;
  legend?: LegendItem[];
  /** The SVG marks, in viewBox units (CHART_WIDTH × height). */
  children: ReactNode;
  /** The same figures as a table (its caption is the chart's title). */
  table: ChartTable;
}

/** A chart's data table: the column headings, then one row per item, headed by its name, with its figures. */
export interface ChartTable {
  columns: readonly string[];
  rows: readonly { key: string | number; header: ReactNode; cells: readonly ReactNode[] }[];
}

/**
 * One chart of spec §9: a heading, the SVG (role="img" with a Vietnamese summary as its name; it scales with its
 * viewBox), an HTML legend, and the same figures as a table behind 'Xem bảng số liệu' (keyboard reachable,
 * read by screen readers as a normal table). With nothing to show, only the empty message.
 */
export function ChartFrame({ title, isEmpty, emptyText, summary, height = CHART_HEIGHT, legend, children, table }: Props) {
  const headingId = useId();
  return (
    <section className={styles.chart} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.title}>
        {title}
      </h3>
      {isEmpty ? (
        <p className={styles.muted}>{emptyText}</p>
      ) : (
        <>
          <svg className={styles.svg} role="img" aria-label={summary} viewBox={`0 0 ${CHART_WIDTH} ${height}`} preserveAspectRatio="xMidYMid meet">
            {children}
          </svg>
          {legend && legend.length > 0 && (
            <ul className={styles.legend}>
              {legend.map((item) => (
                <li key={item.label}>
                  <span aria-hidden="true" className={item.shape === 'line' ? styles.swatchLine : styles.swatch} style={{ background: item.colour }} />
                  {item.label}
                </li>
              ))}
            </ul>
          )}
          <details className={styles.details}>
            <summary>{chartText.showTable}</summary>
            <ScrollRegion className={styles.tableWrap} label={`${title} – ${chartText.showTable.toLowerCase()}`}>
              <table className={styles.table}>
                <caption>{title}</caption>
                <thead>
                  <tr>
                    {table.columns.map((column, index) => (
                      <th key={index} scope="col">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row) => (
                    <tr key={row.key}>
                      <th scope="row">{row.header}</th>
                      {row.cells.map((cell, index) => (
                        <td key={index}>{cell}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </details>
        </>
      )}
    </section>
  );
}
