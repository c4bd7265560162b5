import { Bar, BarChart, CartesianGrid, LabelList, Legend, XAxis, YAxis } from 'recharts';
import { type CountsChart, percent, type RatesChart, type ReportChart } from './report-data.ts';

/** One color per series, in order; the first matches the web table's odds bars. */
const palette = ['#4f86c6', '#e0a030', '#6bbf7a', '#c66f9a', '#9a8fd6'];
const axisText = { fill: '#cfd6e6', fontSize: 12 };
/** Room per bar, in pixels, in a list of bars. */
const barRoom = 16;

/** The widest label in characters, as pixels enough to show it on one line (within bounds). */
function labelWidth(labels: readonly string[]): number {
  const longest = Math.max(0, ...labels.map((label) => label.length));
  return Math.min(320, Math.max(60, longest * 7.5 + 24));
}

/**
 * The axis of row labels in a list of bars. A function, not a component:
 * Recharts finds its axes among the chart's direct children by type.
 */
function labelAxis(rows: readonly { label: string }[]) {
  return (
    <YAxis
      type="category"
      dataKey="label"
      width={labelWidth(rows.map((row) => row.label))}
      tickLine={false}
      interval={0}
      tick={axisText}
    />
  );
}

function RatesBars({ chart }: { chart: RatesChart }) {
  const data = chart.rows.map((row) => ({
    label: row.label,
    of: row.of,
    ...Object.fromEntries(
      chart.series.map((series) => [
        series.key,
        row.of > 0 ? ((row.counts[series.key] ?? 0) / row.of) * 100 : 0,
      ]),
    ),
  }));
  const height = chart.rows.length * (chart.series.length * barRoom + 10) + 60;
  return (
    <BarChart
      responsive
      style={{ width: '100%', maxWidth: 760, height }}
      layout="vertical"
      data={data}
      margin={{ top: 4, right: 56, bottom: 4, left: 4 }}
      accessibilityLayer={false}
    >
      <CartesianGrid horizontal={false} stroke="#333b4d" />
      <XAxis
        type="number"
        domain={[0, 100]}
        tick={axisText}
        tickFormatter={(value) => `${value}%`}
      />
      {labelAxis(chart.rows)}
      {/* The series in the order given, not sorted by name: the colors follow that order. */}
      <Legend verticalAlign="top" height={24} wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
      {chart.series.map((series, index) => (
        <Bar
          key={series.key}
          dataKey={series.key}
          name={series.label}
          fill={palette[index % palette.length]}
          isAnimationActive={false}
          barSize={barRoom - 4}
          // A share of nothing still shows as a sliver, so every row has its bars.
          minPointSize={2}
        >
          <LabelList
            dataKey={series.key}
            position="right"
            fill="#e6e6e6"
            fontSize={11}
            formatter={(value) => `${Number(value).toFixed(1)}%`}
          />
        </Bar>
      ))}
    </BarChart>
  );
}

function CountBars({ chart }: { chart: CountsChart }) {
  if (chart.layout === 'columns') {
    return (
      <BarChart
        responsive
        style={{ width: '100%', maxWidth: 760, height: 260 }}
        data={chart.rows}
        margin={{ top: 16, right: 8, bottom: 4, left: 4 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke="#333b4d" />
        <XAxis dataKey="label" tick={axisText} interval={0} />
        <YAxis allowDecimals={false} tick={axisText} width={48} />
        <Bar
          dataKey="count"
          name={chart.unit}
          fill={palette[0]}
          isAnimationActive={false}
          minPointSize={2}
        >
          <LabelList dataKey="count" position="top" fill="#e6e6e6" fontSize={11} />
        </Bar>
      </BarChart>
    );
  }
  const height = chart.rows.length * (barRoom + 4) + 40;
  return (
    <BarChart
      responsive
      style={{ width: '100%', maxWidth: 760, height }}
      layout="vertical"
      data={chart.rows}
      margin={{ top: 4, right: 56, bottom: 4, left: 4 }}
      accessibilityLayer={false}
    >
      <CartesianGrid horizontal={false} stroke="#333b4d" />
      <XAxis type="number" allowDecimals={false} tick={axisText} />
      {labelAxis(chart.rows)}
      <Bar
        dataKey="count"
        name={chart.unit}
        fill={palette[0]}
        isAnimationActive={false}
        barSize={barRoom - 4}
        minPointSize={2}
      >
        <LabelList dataKey="count" position="right" fill="#e6e6e6" fontSize={11} />
      </Bar>
    </BarChart>
  );
}

/** The chart's figures as a table: exact numbers to read, copy and search. */
function Figures({ chart }: { chart: ReportChart }) {
  if (chart.kind === 'counts')
    return (
      <table>
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">{chart.unit}</th>
          </tr>
        </thead>
        <tbody>
          {chart.rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.count.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  return (
    <table>
      <thead>
        <tr>
          <th scope="col" />
          <th scope="col">of</th>
          {chart.series.map((series) => (
            <th scope="col" key={series.key}>
              {series.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {chart.rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{row.of.toLocaleString('en-US')}</td>
            {chart.series.map((series) => {
              const count = row.counts[series.key] ?? 0;
              return (
                <td key={series.key}>
                  {count.toLocaleString('en-US')} ({percent(count, row.of)})
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One chart of the report with its title, note and figures. */
export function ReportFigure({ chart }: { chart: ReportChart }) {
  const bars = chart.kind === 'rates' ? chart.rows.length * chart.series.length : chart.rows.length;
  return (
    <figure className="report-chart" data-chart={chart.name} data-bars={bars}>
      <figcaption>
        <h3>{chart.title}</h3>
        {chart.note ? <p>{chart.note}</p> : null}
      </figcaption>
      {chart.rows.length === 0 ? (
        <p className="empty">Nothing to draw: no game of the run gave a figure here.</p>
      ) : (
        <div className="plot" aria-hidden="true">
          {chart.kind === 'rates' ? <RatesBars chart={chart} /> : <CountBars chart={chart} />}
        </div>
      )}
      <details>
        <summary>Figures</summary>
        <Figures chart={chart} />
      </details>
    </figure>
  );
}
