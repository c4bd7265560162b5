import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The share of a bench's games that one child process plays: the child's
 * index among `count` children, from the arguments `inChildProcesses` gives
 * it, or null in the parent.
 */
export function childShare(): { index: number; count: number } | null {
  if (process.argv[2] !== '--child') return null;
  return { index: Number(process.argv[3]), count: Number(process.argv[4]) };
}

/**
 * Runs the bench script at `script` (its `import.meta.url`) again in `count`
 * child processes, each told its share by `childShare`, and gathers every
 * result the children send, calling `onResult` as each arrives. Games are
 * independent, so the cores share them without changing any result.
 */
export async function inChildProcesses<Result>(
  script: string,
  count: number,
  onResult: (result: Result, gathered: readonly Result[]) => void = () => {},
): Promise<Result[]> {
  const results: Result[] = [];
  await Promise.all(
    Array.from({ length: count }, (_, index) => {
      const child = fork(fileURLToPath(script), ['--child', `${index}`, `${count}`], {
        execArgv: ['--import', 'tsx'],
      });
      return new Promise<void>((resolve, reject) => {
        child.on('message', (result: Result) => {
          results.push(result);
          onResult(result, results);
        });
        child.on('error', reject);
        child.on('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`a bench process exited with code ${code}`)),
        );
      });
    }),
  );
  return results;
}
