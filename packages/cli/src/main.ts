import { CommanderError } from 'commander';
import { createProgram } from './program.js';

// Output piped into `head` and the like may close early: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const program = createProgram({
  input: process.stdin,
  output: process.stdout,
  error: process.stderr,
});
try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode;
  } else {
    process.stderr.write(`tabletop: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
