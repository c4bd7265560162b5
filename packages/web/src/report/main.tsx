import { createRoot } from 'react-dom/client';
import { ReportPage } from './ReportPage.tsx';
import { type ReportData, reportDataId } from './report-data.ts';

// The report's figures travel inside the page, so the file opens offline.
const report = JSON.parse(document.getElementById(reportDataId)!.textContent!) as ReportData;
const root = document.createElement('div');
document.body.append(root);
createRoot(root).render(<ReportPage report={report} />);
