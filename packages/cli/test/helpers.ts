import { PassThrough } from 'node:stream';
import { CommanderError } from 'commander';
import { createProgram } from '../src/program.js';

/** A stream that keeps what is written to it. */
export function recording(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk) => {
    text += chunk;
  });
  return { stream, text: () => text };
}

/** An output and an error stream for a command, keeping what it prints on each. */
export function collect() {
  const output = recording();
  const error = recording();
  return {
    io: { output: output.stream, error: error.stream },
    printed: output.text,
    errors: error.text,
  };
}

/** Runs the `tabletop` command in process and collects what it prints. */
export async function runCli(
  args: string[],
  input = '',
): Promise<{ output: string; error: string; exitCode: number }> {
  const stdin = new PassThrough();
  stdin.end(input);
  const streams = collect();
  let thrownMessage = '';
  let exitCode = 0;
  try {
    await createProgram({ input: stdin, ...streams.io }).parseAsync(['node', 'tabletop', ...args]);
  } catch (thrown) {
    if (thrown instanceof CommanderError) exitCode = thrown.exitCode;
    else {
      thrownMessage = (thrown as Error).message;
      exitCode = 1;
    }
  }
  return { output: streams.printed(), error: streams.errors() + thrownMessage, exitCode };
}
