// The load bench's output: one table on stdout, the figures as JSON and a bar chart as SVG (each
// figure as a share of the ceiling measured in the same run, goals marked), both beside this file's
// folder in tests/bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchResult } from '../run';

export interface Goal {
  /** The least share of the ceiling's req/s. */
  share?: number;
  /** The most p99 latency, ms. */
  p99?: number;
  /** The most resident memory, MB. */
  mb?: number;
  /** The most ratio (a cost at one size or step against another). */
  ratio?: number;
  /** The least ratio (ours against the peer's). */
  minRatio?: number;
  /** The least req/s (or hops/s). */
  minRps?: number;
}

export interface Row {
  group: string;
  name: string;
  rps?: number;
  p50?: number;
  p99?: number;
  share?: number;
  mb?: number;
  ratio?: number;
  note?: string;
  /** For rows that are a check rather than a figure. */
  ok?: boolean;
  goal?: Goal;
}

export const RESULTS_DIR = path.resolve(import.meta.dirname, '../results');

function missed(row: Row): string[] {
  const misses: string[] = [];
  const goal = row.goal ?? {};
  if (goal.share !== undefined && (row.share ?? 0) < goal.share) misses.push(`share ≥ ${goal.share}`);
  if (goal.p99 !== undefined && (row.p99 ?? Infinity) >= goal.p99) misses.push(`p99 < ${goal.p99} ms`);
  if (goal.mb !== undefined && (row.mb ?? Infinity) > goal.mb) misses.push(`≤ ${goal.mb} MB`);
  if (goal.ratio !== undefined && (row.ratio ?? Infinity) > goal.ratio) misses.push(`≤ ${goal.ratio}×`);
  if (goal.minRatio !== undefined && (row.ratio ?? 0) < goal.minRatio) misses.push(`≥ ${goal.minRatio}×`);
  if (goal.minRps !== undefined && (row.rps ?? 0) < goal.minRps) misses.push(`≥ ${goal.minRps}/s`);
  if (row.ok === false) misses.push('check failed');
  return misses;
}

function goalText(goal: Goal | undefined): string {
  if (!goal) return '';
  return [
    goal.share !== undefined ? `≥ ${goal.share} of ceiling` : '',
    goal.p99 !== undefined ? `p99 < ${goal.p99} ms` : '',
    goal.mb !== undefined ? `≤ ${goal.mb} MB` : '',
    goal.ratio !== undefined ? `≤ ${goal.ratio}×` : '',
    goal.minRatio !== undefined ? `≥ ${goal.minRatio}×` : '',
    goal.minRps !== undefined ? `≥ ${goal.minRps}/s` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

const fmt = (value: number | undefined, digits = 0) => (value === undefined ? '' : value.toLocaleString('en-US', { maximumFractionDigits: digits }));

export function markdownTable(rows: Row[]): string {
  const lines = ['| figure | req/s | p50 ms | p99 ms | share of ceiling | other | goal | met |', '| --- | ---: | ---: | ---: | ---: | --- | --- | --- |'];
  for (const row of rows) {
    const other = [row.mb !== undefined ? `${row.mb} MB` : '', row.ratio !== undefined ? `${fmt(row.ratio, 2)}×` : '', row.note ?? ''].filter(Boolean).join(' ');
    const misses = missed(row);
    const met = row.goal || row.ok !== undefined ? (misses.length ? `no (${misses.join(', ')})` : 'yes') : '';
    lines.push(`| ${row.name} | ${fmt(row.rps)} | ${fmt(row.p50, 1)} | ${fmt(row.p99, 1)} | ${row.share === undefined ? '' : fmt(row.share, 3)} | ${other} | ${goalText(row.goal)} | ${met} |`);
  }
  return lines.join('\n');
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Horizontal bars: each row with a req/s as a share of the ceiling, its goal as a tick. */
export function svgChart(rows: Row[], caption: string): string {
  const bars = rows.filter((row) => row.share !== undefined);
  const width = 760;
  const labelWidth = 300;
  const barWidth = width - labelWidth - 90;
  const rowHeight = 26;
  const top = 40;
  const height = top + bars.length * rowHeight + 40;
  const maxShare = Math.max(1, ...bars.map((row) => row.share!));
  const x = (share: number) => labelWidth + (share / maxShare) * barWidth;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="10" y="20" font-size="14" font-weight="600">${escape('Share of the same-run ceiling (bare Hono, same body), req/s')}</text>`,
    `<line x1="${x(1)}" y1="${top - 6}" x2="${x(1)}" y2="${top + bars.length * rowHeight}" stroke="#999" stroke-dasharray="3 3"/>`,
    `<text x="${x(1)}" y="${top - 10}" text-anchor="middle" fill="#666">ceiling</text>`,
  ];
  bars.forEach((row, index) => {
    const y = top + index * rowHeight;
    const ok = !missed(row).length;
    parts.push(`<text x="${labelWidth - 8}" y="${y + 16}" text-anchor="end">${escape(row.name)}</text>`);
    parts.push(`<rect x="${labelWidth}" y="${y + 4}" width="${Math.max(1, x(row.share!) - labelWidth)}" height="${rowHeight - 10}" fill="${row.goal ? (ok ? '#2e7d32' : '#c62828') : '#607d8b'}"/>`);
    parts.push(`<text x="${x(row.share!) + 6}" y="${y + 16}">${escape(`${fmt(row.share, 3)} (${fmt(row.rps)} req/s, p99 ${fmt(row.p99, 1)} ms)`)}</text>`);
    if (row.goal?.share !== undefined) {
      parts.push(`<line x1="${x(row.goal.share)}" y1="${y + 2}" x2="${x(row.goal.share)}" y2="${y + rowHeight - 4}" stroke="#000" stroke-width="2"/>`);
    }
  });
  parts.push(`<text x="10" y="${height - 12}" fill="#555">${escape(caption)} · black tick: goal · green met, red missed, grey no goal</text>`);
  parts.push('</svg>');
  return parts.join('\n');
}

export interface RunFacts {
  seconds: number;
  connections: number;
  loadAverage: [number, number];
  node: string;
}

export function writeReport(rows: Row[], facts: RunFacts, name = 'load'): { table: string; results: BenchResult[] } {
  const table = markdownTable(rows);
  const caption = `${new Date().toISOString().slice(0, 16)}Z, ${facts.seconds} s per phase, ${facts.connections} connections, Node ${facts.node}, load average ${facts.loadAverage.join(' → ')}`;
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(RESULTS_DIR, `${name}.json`), JSON.stringify({ ...facts, at: new Date().toISOString(), rows: rows.map((row) => ({ ...row, missed: missed(row) })) }, null, 2) + '\n');
  writeFileSync(path.join(RESULTS_DIR, `${name}.svg`), svgChart(rows, caption) + '\n');
  writeFileSync(path.join(RESULTS_DIR, `${name}.md`), `${caption}\n\n${table}\n`);
  const results: BenchResult[] = rows.flatMap((row) => {
    const misses = missed(row);
    if (!row.goal && row.ok === undefined) return [];
    // run.ts counts a figure over its budget: a met goal is 0 misses against a budget of 0.
    return [{ name: `${row.name}: goals missed${misses.length ? ` (${misses.join(', ')})` : ''}`, value: misses.length, unit: '', budget: 0 }];
  });
  return { table: `\n${caption}\n\n${table}\n`, results };
}
