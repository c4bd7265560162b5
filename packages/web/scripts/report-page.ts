import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Rollup } from 'vite';
import { type ReportData, reportDataId } from '../src/report/report-data.ts';

export type * from '../src/report/report-data.ts';

/**
 * A designer's report as one HTML file: the report page's script (React
 * and Recharts, as the web table draws its charts), its styles and its
 * data all inline, so the file opens offline and sends nothing anywhere.
 * The script is bundled from the sources on first use and kept in a cache
 * named by what went into it, so a fresh clone needs no build step and an
 * edited page or an upgraded library is bundled again.
 */
const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const sources = join(web, 'src', 'report');
const require = createRequire(import.meta.url);

/** What the bundle is made of: the page's sources and the versions of what it bundles. */
function bundleKey(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(sources).sort()) {
    hash.update(name);
    hash.update(readFileSync(join(sources, name)));
  }
  for (const library of ['react', 'react-dom', 'recharts', 'vite'])
    hash.update(
      `${library}@${(require(`${library}/package.json`) as { version: string }).version}`,
    );
  return hash.digest('hex').slice(0, 16);
}

/** Where bundles are kept: beside the installed libraries, which every clone has. */
function cacheFolder(): string {
  return join(dirname(require.resolve('vite/package.json')), '..', '.cache', 'tabletop-report');
}

async function bundle(): Promise<string> {
  // React's production build and JSX runtime are chosen by NODE_ENV, which a test runner sets to "test".
  const environment = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return await bundleInProduction();
  } finally {
    if (environment === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = environment;
  }
}

async function bundleInProduction(): Promise<string> {
  const output = await build({
    configFile: false,
    root: web,
    mode: 'production',
    logLevel: 'silent',
    plugins: [react()],
    // Recharts reads React elements through react-is, which must be React 19's own.
    resolve: { dedupe: ['react-is'] },
    // A library build leaves NODE_ENV to its user; this page is its own user.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      minify: true,
      copyPublicDir: false,
      lib: {
        entry: join(sources, 'main.tsx'),
        formats: ['iife'],
        name: 'tabletopReport',
        fileName: 'report',
      },
    },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[];
  const chunk = outputs
    .flatMap((result) => result.output)
    .find((file): file is Rollup.OutputChunk => file.type === 'chunk');
  if (!chunk) throw new Error('bundling the report page gave no script');
  return chunk.code;
}

let bundled: Promise<string> | null = null;

/** The report page's script: from the cache when its sources are unchanged, else bundled now. */
export function reportScript(): Promise<string> {
  bundled ??= (async () => {
    const file = join(cacheFolder(), `report-${bundleKey()}.js`);
    try {
      return readFileSync(file, 'utf8');
    } catch {
      // Not bundled yet with these sources: bundle below.
    }
    const code = await bundle();
    try {
      mkdirSync(dirname(file), { recursive: true });
      // Written aside then renamed, so a report made at the same moment never reads half a file.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, code);
      renameSync(partial, file);
    } catch {
      // A read-only install still makes reports; it bundles each time.
    }
    return code;
  })();
  return bundled;
}

/** Text safe inside a <script> element: nothing in it can close the element early. */
function scriptText(text: string): string {
  return text.replace(/<\/script/gi, '<\\/script').replace(/<!--/g, '<\\!--');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The report as one self-contained HTML page. */
export async function reportPage(report: ReportData): Promise<string> {
  const script = await reportScript();
  const styles = readFileSync(join(sources, 'report.css'), 'utf8');
  // JSON with every "<" escaped is still the same JSON, and never closes its element.
  const data = JSON.stringify(report).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(report.title)}</title>
<style>
${styles}</style>
</head>
<body>
<noscript>This report draws its charts with JavaScript; the figures are in the data below.</noscript>
<script type="application/json" id="${reportDataId}">${data}</script>
<script>
${scriptText(script)}
</script>
</body>
</html>
`;
}
