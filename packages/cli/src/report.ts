import { accessSync, constants, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { ReportData } from '@tabletop/web/report';
import { InvalidArgumentError } from 'commander';

/**
 * Why a report cannot be written at `path`, or null when it can: checked
 * before a simulation starts, so a long run never ends in a file it cannot
 * keep.
 */
export function reportPathProblem(path: string): string | null {
  if (path.trim() === '') return 'expected a file name, got nothing';
  const file = resolve(path);
  const folder = dirname(file);
  const stat = statSync(file, { throwIfNoEntry: false });
  if (stat?.isDirectory()) return `"${path}" is a folder, not a file`;
  const folderStat = statSync(folder, { throwIfNoEntry: false });
  if (!folderStat) return `no folder "${folder}" to write "${path}" in`;
  if (!folderStat.isDirectory()) return `"${folder}" is not a folder`;
  try {
    accessSync(stat ? file : folder, constants.W_OK);
  } catch {
    return `cannot write "${path}": permission denied`;
  }
  return null;
}

/** The `--report <file>` flag's check, for commander. */
export function reportFile(path: string): string {
  const problem = reportPathProblem(path);
  if (problem !== null) throw new InvalidArgumentError(problem);
  return path;
}

/**
 * Writes the report page. The page's library (and the bundler that makes
 * its script) loads only here, so the other commands start without it.
 */
export async function writeReport(path: string, report: ReportData): Promise<void> {
  const { reportPage } = await import('@tabletop/web/report');
  const page = await reportPage(report);
  try {
    writeFileSync(path, page);
  } catch (error) {
    throw new Error(`cannot write the report "${path}": ${(error as Error).message}`);
  }
}

/**
 * The length of each finished game (or fight) in rounds, as one column per
 * round count from the shortest to the longest (none missing, so the gaps
 * show), and the average length.
 */
export function roundsChartRows(rounds: ReadonlyMap<number, number>): {
  rows: { label: string; count: number }[];
  average: number;
} {
  if (rounds.size === 0) return { rows: [], average: 0 };
  const shortest = Math.min(...rounds.keys());
  const longest = Math.max(...rounds.keys());
  const rows = Array.from({ length: longest - shortest + 1 }, (_, index) => shortest + index).map(
    (length) => ({ label: String(length), count: rounds.get(length) ?? 0 }),
  );
  let total = 0;
  let finished = 0;
  for (const [length, count] of rounds) {
    total += length * count;
    finished += count;
  }
  return { rows, average: total / finished };
}
