import { createInterface } from 'node:readline';
import { Match } from '@tabletop/engine';
import { outgunnedFight } from '@tabletop/outgunned';
import { board, describeAction, whoActs } from './describe.js';

const maxWrongAnswers = 20;

export interface PlayIo {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
}

/**
 * `tabletop play outgunned`: the built-in fight (two Heroes against Goons 2)
 * at one terminal. Every decision, the Director's and the Heroes', is a
 * numbered menu; the board (Grit tracks) is shown when it changes, and the
 * log after each choice. Reads lines, so piped input works (`yes 1 | ...`).
 */
export async function playOutgunned(io: PlayIo, options: { seed: string }): Promise<void> {
  const write = (text: string) => io.output.write(`${text}\n`);
  const match = Match.create(outgunnedFight, {}, options.seed);
  const reader = createInterface({ input: io.input, terminal: false });
  const lines = reader[Symbol.asyncIterator]();
  write(
    `Outgunned: ${match.state.heroes.map((hero) => hero.name).join(' and ')} against ${match.state.enemies.map((enemy) => enemy.name).join(', ')} (seed "${options.seed}")`,
  );
  for (const entry of match.log('director')) if (entry.event.text) write(`  * ${entry.event.text}`);
  let shown = '';
  try {
    while (match.result() === null) {
      const current = board(match.state);
      if (current !== shown) {
        write(current);
        shown = current;
      }
      const prompt = match.prompts()[0];
      const seat = prompt?.seats[0];
      if (prompt === undefined || seat === undefined)
        throw new Error('the fight waits on nobody: a bug');
      const actions = match.legalActions(seat);
      write(`${whoActs(match.state, seat)}: ${prompt.text}`);
      for (const [index, action] of actions.entries()) {
        write(`  ${index + 1}. ${describeAction(match.state, seat, action)}`);
      }
      let choice: number | null = actions.length === 1 ? 1 : null;
      if (choice !== null) write('  (the only choice: taken)');
      const wrongAnswers = 0;
      while (choice === null) {
        // A pipe that keeps sending a wrong answer would otherwise ask forever.
        if (wrongAnswers >= maxWrongAnswers) {
          write(`Stopping: ${maxWrongAnswers} answers in a row were not a choice.`);
          return;
        }
        io.output.write(`Choose 1-${actions.length}: `);
        const line = await lines.next();
        if (line.done) {
          write('\nInput ended before the fight did.');
          return;
        }
        const number = Number(line.value.trim());
        if (Number.isInteger(number) && number >= 1 && number <= actions.length) choice = number;
        else
          write(
            `"${line.value.trim()}" is not a choice: type a number from 1 to ${actions.length}.`,
          );
      }
      const outcome = match.submit(seat, actions[choice - 1]);
      if (!outcome.ok) {
        write(`Refused: ${outcome.rejection.message}`);
        continue;
      }
      write(`> ${describeAction(match.state, seat, actions[choice - 1]!)}`);
      for (const event of outcome.events) if (event.text) write(`  * ${event.text}`);
    }
    write(board(match.state));
    write(`The fight is over: ${match.result()!.summary}.`);
  } finally {
    reader.close();
  }
}
