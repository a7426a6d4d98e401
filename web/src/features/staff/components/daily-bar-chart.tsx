// A bar per day, drawn as plain SVG: no chart library, so the console stays small and the storefront
// pays nothing. The SVG scales to its box (a 360-pixel phone or a laptop); the same numbers are in a
// table under it for screen readers and for anyone who wants the exact figures.
import { useId } from 'react';

export interface DailyPoint {
  /** YYYY-MM-DD */
  date: string;
  value: number;
}

interface DailyBarChartProps {
  title: string;
  points: DailyPoint[];
  /** How a value reads on the axis and in the table (money, a count). */
  format: (value: number) => string;
  /** A shorter form for the axis, where space is tight on a phone. */
  formatAxis?: (value: number) => string;
}

const WIDTH = 320;
const HEIGHT = 160;
const LEFT = 44;
const BOTTOM = 22;
const TOP = 8;

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least the largest value. */
export function niceCeiling(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= max) ?? 10;
  return step * power;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function shortDate(date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1] ?? ''}`.trim();
}

export function DailyBarChart({ title, points, format, formatAxis = format }: DailyBarChartProps) {
  const id = useId();
  const top = niceCeiling(Math.max(0, ...points.map((point) => point.value)));
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = points.length ? plotWidth / points.length : plotWidth;
  const barWidth = Math.max(1, slot * 0.7);
  const total = points.reduce((sum, point) => sum + point.value, 0);
  const busiest = points.reduce<DailyPoint | null>((best, point) => (!best || point.value > best.value ? point : best), null);
  const summary =
    points.length === 0
      ? `${title}: no data`
      : `${title}, ${shortDate(points[0].date)} to ${shortDate(points[points.length - 1].date)}: total ${format(total)}` +
        (busiest && busiest.value > 0 ? `, highest ${format(busiest.value)} on ${shortDate(busiest.date)}` : '');
  // Label every 7th day from the last one, so today is always labelled and labels never overlap.
  const labelled = (index: number) => (points.length - 1 - index) % 7 === 0;

  return (
    <figure className="staff-chart">
      <figcaption id={`${id}-title`} className="staff-chart-title">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="staff-chart-svg">
        {[0, 0.5, 1].map((fraction) => {
          const y = TOP + plotHeight * (1 - fraction);
          return (
            <g key={fraction}>
              <line x1={LEFT} x2={WIDTH} y1={y} y2={y} className="staff-chart-grid" />
              <text x={LEFT - 4} y={y + 4} textAnchor="end" className="staff-chart-axis">
                {formatAxis(top * fraction)}
              </text>
            </g>
          );
        })}
        {points.map((point, index) => {
          const height = (point.value / top) * plotHeight;
          const x = LEFT + index * slot + (slot - barWidth) / 2;
          return (
            <g key={point.date}>
              <rect x={x} y={TOP + plotHeight - height} width={barWidth} height={height} className="staff-chart-bar">
                <title>{`${shortDate(point.date)}: ${format(point.value)}`}</title>
              </rect>
              {labelled(index) ? (
                <text x={x + barWidth / 2} y={HEIGHT - 6} textAnchor="middle" className="staff-chart-axis">
                  {shortDate(point.date)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <details className="staff-chart-table">
        <summary>Show the numbers</summary>
        <table>
          <caption className="visually-hidden">{title}, day by day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{title}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.date}>
                <th scope="row">{shortDate(point.date)}</th>
                <td>{format(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
