/**
 * Horizontal bar charts for the terminal: one labelled bar per figure,
 * scaled so that a whole bar is a probability of 1, drawn with eighth-block
 * characters so that small differences still show.
 */
export interface Bar {
  label: string;
  p: number;
}

const eighths = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

export function percent(p: number): string {
  return `${(p * 100).toFixed(2)}%`;
}

function bar(p: number, width: number): string {
  const units = Math.round(Math.min(1, Math.max(0, p)) * width * 8);
  return '█'.repeat(Math.floor(units / 8)) + eighths[units % 8]!;
}

/** The chart as lines: label, bar, percentage. */
export function barChart(bars: readonly Bar[], width = 40): string[] {
  const labelWidth = Math.max(0, ...bars.map((entry) => entry.label.length));
  return bars.map(
    (entry) =>
      `  ${entry.label.padEnd(labelWidth)}  ${bar(entry.p, width).padEnd(width)}  ${percent(entry.p).padStart(7)}`,
  );
}
