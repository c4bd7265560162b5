import { PassThrough } from 'node:stream';
import { CommanderError } from 'commander';
import { createProgram } from '../src/program.js';

/** Runs the `tabletop` command in process and collects what it prints. */
export async function runCli(
  args: string[],
  input = '',
): Promise<{ output: string; error: string; exitCode: number }> {
  const stdin = new PassThrough();
  stdin.end(input);
  const output = new PassThrough();
  const error = new PassThrough();
  let printed = '';
  let errors = '';
  output.on('data', (chunk) => {
    printed += chunk;
  });
  error.on('data', (chunk) => {
    errors += chunk;
  });
  let exitCode = 0;
  try {
    await createProgram({ input: stdin, output, error }).parseAsync(['node', 'tabletop', ...args]);
  } catch (thrown) {
    if (thrown instanceof CommanderError) exitCode = thrown.exitCode;
    else {
      errors += (thrown as Error).message;
      exitCode = 1;
    }
  }
  return { output: printed, error: errors, exitCode };
}
