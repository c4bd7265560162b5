/**
 * What a designer's report holds: the run's settings and its charts, as
 * plain data. The page knows no game: each simulation turns its own
 * figures into these charts, and the page draws whatever it is given.
 */
export interface ReportData {
  title: string;
  /** The run's settings (players, bots, games, seed...), in the order shown. */
  settings: ReportSetting[];
  sections: ReportSection[];
}

export interface ReportSetting {
  label: string;
  value: string;
}

export interface ReportSection {
  title: string;
  /** A sentence on how to read the section's charts. */
  note?: string;
  charts: ReportChart[];
}

/**
 * Shares of a group, one bar per series for each row: "survived" and "won"
 * of the characters a row counts, say. Each bar is `counts[series] / of`.
 */
export interface RatesChart {
  kind: 'rates';
  /** Names the chart for the page's styles and tests. */
  name: string;
  title: string;
  note?: string;
  series: ChartSeries[];
  rows: RatesRow[];
}

export interface RatesRow {
  label: string;
  /** How many the row counts: the denominator of its shares. */
  of: number;
  counts: Record<string, number>;
}

export interface ChartSeries {
  key: string;
  label: string;
}

/** How many times each thing happened: one bar per row. */
export interface CountsChart {
  kind: 'counts';
  name: string;
  title: string;
  note?: string;
  /** What a count counts, for the axis and the figures: "games", "times resolved". */
  unit: string;
  /** Columns along an ordered axis (a histogram of game length) or bars down a list. */
  layout: 'columns' | 'bars';
  rows: CountsRow[];
}

export interface CountsRow {
  label: string;
  count: number;
}

export type ReportChart = RatesChart | CountsChart;

/** The element that carries the report's data inside the page. */
export const reportDataId = 'report-data';

/** A share as the page prints it: one decimal, e.g. 12.5%. */
export function percent(count: number, of: number): string {
  return of > 0 ? `${((count / of) * 100).toFixed(1)}%` : '–';
}
