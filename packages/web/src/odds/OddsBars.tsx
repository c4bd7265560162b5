import { Bar, BarChart, Cell, LabelList, XAxis, YAxis } from 'recharts';
import { type OddsBar, percent } from './percent.ts';

/** Room per bar, in pixels: enough for a label broken over two lines. */
const barHeight = 34;

/**
 * Chances as horizontal bars, drawn by Recharts as SVG: one bar per entry,
 * its label on the left and its percentage at its end, one or more
 * highlighted (the best choice, the reader's own hand). The same figures are in a table that screen readers read.
 */
export default function OddsBars({
  name,
  title,
  bars,
  labelWidth = 170,
  highlightWords = 'best',
}: {
  /** Names the chart for the page's styles and tests. */
  name: string;
  title: string;
  bars: OddsBar[];
  labelWidth?: number;
  /** What a highlighted bar is, for the table screen readers read. */
  highlightWords?: string;
}) {
  const data = bars.map((bar) => ({ ...bar, percent: bar.p * 100 }));
  const height = barHeight * bars.length + 12;
  return (
    <figure className="odds-chart" data-chart={name} data-bars={bars.length}>
      <figcaption>{title}</figcaption>
      <div aria-hidden="true">
        <BarChart
          responsive
          style={{ width: '100%', maxWidth: 560, height }}
          layout="vertical"
          data={data}
          margin={{ top: 2, right: 60, bottom: 2, left: 4 }}
          accessibilityLayer={false}
        >
          <XAxis type="number" domain={[0, 100]} hide />
          <YAxis
            type="category"
            dataKey="label"
            width={labelWidth}
            tickLine={false}
            axisLine={false}
            interval={0}
            tick={{ fill: '#cfd6e6', fontSize: 12 }}
          />
          <Bar
            dataKey="percent"
            isAnimationActive={false}
            background={{ fill: '#232a38' }}
            barSize={18}
            // A chance of nothing still shows as a sliver, so every entry has its bar.
            minPointSize={2}
          >
            {data.map((bar) => (
              <Cell
                key={bar.label}
                className={bar.highlight ? 'highlight' : undefined}
                fill={bar.highlight ? '#e0a030' : '#4f86c6'}
              />
            ))}
            <LabelList
              dataKey="p"
              position="right"
              fill="#e6e6e6"
              fontSize={12}
              formatter={(value) => percent(Number(value))}
            />
          </Bar>
        </BarChart>
      </div>
      <div className="visually-hidden">
        <table>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.label}>
                <th scope="row">
                  {bar.label}
                  {bar.highlight ? ` (${highlightWords})` : ''}
                </th>
                <td>{percent(bar.p)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
