import { type ComponentProps, lazy, Suspense } from 'react';

/**
 * The charting library is loaded only when a chart is first drawn: the
 * lobby and a table without odds never download it.
 */
const OddsBars = lazy(() => import('./OddsBars.tsx'));

export function OddsChart(props: ComponentProps<typeof OddsBars>) {
  return (
    <Suspense fallback={<p className="odds-note drawing">Drawing the chart…</p>}>
      <OddsBars {...props} />
    </Suspense>
  );
}
