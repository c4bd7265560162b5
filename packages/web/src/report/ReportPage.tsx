import { ReportFigure } from './ReportCharts.tsx';
import type { ReportData } from './report-data.ts';

/** The whole report: its settings first, then each section's charts. */
export function ReportPage({ report }: { report: ReportData }) {
  return (
    <main>
      <h1>{report.title}</h1>
      <section className="settings" aria-labelledby="settings-title">
        <h2 id="settings-title">The run</h2>
        <dl>
          {report.settings.map((setting) => (
            <div key={setting.label}>
              <dt>{setting.label}</dt>
              <dd>{setting.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {report.sections.map((section) => (
        <section key={section.title} className="report-section">
          <h2>{section.title}</h2>
          {section.note ? <p className="note">{section.note}</p> : null}
          <div className="report-charts">
            {section.charts.map((chart) => (
              <ReportFigure key={chart.name} chart={chart} />
            ))}
          </div>
        </section>
      ))}
    </main>
  );
}
