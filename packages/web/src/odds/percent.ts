/** One bar of an odds chart: what it is, its chance, and whether it stands out (the best choice, say). */
export interface OddsBar {
  label: string;
  p: number;
  highlight?: boolean;
}

/** A chance as the table prints it: one decimal, e.g. 12.5%. */
export function percent(p: number): string {
  return `${(p * 100).toFixed(1)}%`;
}
