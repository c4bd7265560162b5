import { type Bot, type BotInput, pick } from '@tabletop/engine';
import type { FightAction } from '../fight/actions.js';
import type { FightState } from '../fight/state.js';
import type { FightView } from '../fight/view.js';

/**
 * An Outgunned bot is the engine's `Bot`: handed its seat's view, its legal
 * actions, a determinizer and its own random source, and nothing that
 * reaches the true state, wherever it plays (the server, the terminal, a
 * benchmark).
 */
export type FightBot = Bot<FightState, FightAction, FightView>;

export type FightBotInput = BotInput<FightState, FightAction, FightView>;

/** A value with its object keys in order, so that two spellings of one action compare equal. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

/** The legal action that is `action`, whatever the order of its fields; undefined when none is. */
export function listedAs(
  legal: readonly FightAction[],
  action: FightAction | null,
): FightAction | undefined {
  if (action === null) return undefined;
  const wanted = JSON.stringify(canonical(action));
  return legal.find((candidate) => JSON.stringify(canonical(candidate)) === wanted);
}

/**
 * A bot's answer: its own choice when the rules list it, else a legal
 * action drawn from the bot's random source (a seat a bot has no plan for
 * still moves the fight on).
 */
export function answerFrom(input: FightBotInput, choice: FightAction | null): FightAction {
  if (input.legal.length === 0) throw new Error(`seat ${input.seat} has no legal action`);
  return listedAs(input.legal, choice) ?? pick(input.random, input.legal);
}

/** The random bot: any legal action, uniformly. */
export const randomFightBot: FightBot = {
  name: 'random',
  choose: (input) => answerFrom(input, null),
};
