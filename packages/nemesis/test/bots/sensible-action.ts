import { botChoice, type Seat, seedRandom } from '@tabletop/engine';
import {
  createNemesis,
  type NemesisAction,
  type NemesisState,
  sensibleBot,
} from '@tabletop/nemesis';
import { type ScenarioTable, scenario } from '@tabletop/nemesis/testing';

const nemesis = createNemesis();
const sensible = sensibleBot(nemesis);

/** The Captain's five Action cards, none of them Contamination: a full hand to pay with. */
export const captainHand: readonly string[] = [
  'captain-rest',
  'captain-interruption',
  'captain-demolition',
  'captain-order',
  'captain-motivation',
];

/**
 * A one-player table (the solo game) whose card, Destination: Earth, sends
 * the bot on no errand: the tables of the tests of how it survives.
 */
export function soloScenario() {
  return scenario({ players: 1 }).with((state) => {
    state.players[0]!.objectives = ['destination-earth'];
  });
}

/** The sensible bot's next answer for a seat, with a fixed random. */
export function sensibleChoice(table: { state: NemesisState }, seat: Seat = '0'): NemesisAction {
  return botChoice(nemesis, sensible, table.state, seat, seedRandom('sensible'));
}

/**
 * The steps that belong to the bot's own action: the action and its choices
 * (payment among them), its effect's options, and a search's deck and card.
 */
const ownSteps: ReadonlySet<string> = new Set(['action-choice', 'effect', 'search']);

/**
 * The sensible bot's whole action: the action it names, then its answer to
 * each question that action asks of it, played on the table. With
 * `choicesOnly`, it stops once the action's own choices are answered, before
 * any effect or search the action opens. At most 20 answers, so a bot that
 * loops fails its test instead of hanging it.
 */
export function sensibleAction(
  table: ScenarioTable,
  seat: Seat = '0',
  choicesOnly = false,
): NemesisAction[] {
  const answers: NemesisAction[] = [];
  const continues = (kind: string) => (choicesOnly ? kind === 'action-choice' : ownSteps.has(kind));
  do {
    const answer = sensibleChoice(table, seat);
    answers.push(answer);
    table.act(seat, answer);
  } while (
    answers.length < 20 &&
    continues(table.state.stack.at(-1)?.kind ?? '') &&
    nemesis.prompts(table.state).some((prompt) => prompt.seats.includes(seat))
  );
  return answers;
}

/** Opens every Escape Pod, as if the Time track had passed their unlocking. */
export function unlockPods(state: NemesisState): void {
  for (const pod of state.pods) pod.locked = false;
}
