import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// RULES.md maps each rule to the tests that check it, as `folder/file > describe > it`.
// A test renamed or removed would leave a rule mapped to nothing: every reference must
// name a test file that holds that describe and that test.
const testFolder = fileURLToPath(new URL('.', import.meta.url));
const rulesMap = readFileSync(new URL('../RULES.md', import.meta.url), 'utf8');
// The conformance file runs the engine's shared suite, whose tests are named there.
const sharedSuite = ['conformance.ts', 'conformance-suite.ts']
  .map((file) =>
    readFileSync(fileURLToPath(new URL(`../../engine/src/${file}`, import.meta.url)), 'utf8'),
  )
  .join('\n');

interface Reference {
  file: string;
  describe: string;
  test: string;
}

function references(text: string): Reference[] {
  const found: Reference[] = [];
  for (const match of text.matchAll(/`([a-z0-9-]+(?:\/[a-z0-9-]+)*) > ([^`]+?) > ([^`>]+)`/g)) {
    const [, file, describeTitle, test] = match;
    // The introduction shows the form of a reference with placeholder words.
    if (file === 'folder/file') continue;
    found.push({ file: file!, describe: describeTitle!, test: test! });
  }
  return found;
}

/** The titles written in a test file: plain strings, and template strings as patterns. */
function titlesIn(source: string): { exact: Set<string>; patterns: RegExp[] } {
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const match of source.matchAll(/'((?:\\.|[^'\\\n])*)'|"((?:\\.|[^"\\\n])*)"/g)) {
    const title = (match[1] ?? match[2]!).replace(/\\(.)/g, '$1');
    // it.each titles hold printf-like places (%s, %i, %d) for each case.
    if (/%[sidf]/.test(title)) patterns.push(pattern(title.split(/%[sidf]/)));
    else exact.add(title);
  }
  for (const match of source.matchAll(/`((?:\\.|[^`\\])*)`/g)) {
    const parts = match[1]!.split(/\$\{[^}]*\}/);
    if (parts.length === 1) exact.add(parts[0]!);
    else patterns.push(pattern(parts));
  }
  return { exact, patterns };
}

/** A title whose places (between the parts) may hold anything. */
function pattern(parts: string[]): RegExp {
  return new RegExp(
    `^${parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`,
  );
}

function holds(titles: ReturnType<typeof titlesIn>, title: string): boolean {
  return titles.exact.has(title) || titles.patterns.some((pattern) => pattern.test(title));
}

describe('RULES.md: the map from rules to tests', () => {
  const all = references(rulesMap);

  it('names many tests', () => {
    expect(all.length).toBeGreaterThan(500);
  });

  it('every test it names exists, in the file and describe it gives', () => {
    const missing: string[] = [];
    const sources = new Map<string, ReturnType<typeof titlesIn> | null>();
    for (const reference of all) {
      if (!sources.has(reference.file)) {
        const path = `${testFolder}${reference.file}.test.ts`;
        const source = existsSync(path) ? readFileSync(path, 'utf8') : null;
        const shared = reference.file === 'conformance' ? sharedSuite : '';
        sources.set(reference.file, source === null ? null : titlesIn(source + shared));
      }
      const titles = sources.get(reference.file);
      const where = `${reference.file} > ${reference.describe} > ${reference.test}`;
      if (!titles) missing.push(`${where}: no such test file`);
      else if (!holds(titles, reference.test)) missing.push(`${where}: no such test`);
      else if (!reference.describe.split(' > ').every((title) => holds(titles, title)))
        missing.push(`${where}: no such describe`);
    }
    expect(missing).toEqual([]);
  });
});
