import { type RandomState, randomInt } from '@tabletop/engine';
import type { NemesisAction } from '../vocabulary/actions.js';
import type { NemesisBot } from './bot.js';

/**
 * The random bot: a random legal action, chosen in two draws. First a kind
 * of action (move, careful move, shoot, pass...) uniformly among the kinds
 * the seat may take now, then one instance of that kind uniformly.
 *
 * Why two draws: where answers of several kinds are offered together, they
 * come in very unequal numbers. Passing asks for each card to discard, one
 * at a time, or to stop: a hand of five lists five cards against one stop.
 * Drawn uniformly over instances, the bot would throw its hand away nearly
 * every time it passes; drawn by kind first, stopping and discarding each get
 * half, so random playouts keep cards in hand as often as not and reach the
 * rules (Surprise Attacks, Intruder targets) that depend on hand sizes.
 */
export const randomBot: NemesisBot = {
  name: 'random',
  choose({ legal, seat, random }) {
    if (legal.length === 0) throw new Error(`seat ${seat} has no legal action to choose from`);
    return pickByKind(legal, random);
  },
};

/** One action of `actions`: a kind uniformly among those present, then an instance of it uniformly. */
export function pickByKind(actions: readonly NemesisAction[], random: RandomState): NemesisAction {
  // Kinds in order of first appearance, so the draw depends only on the list, never on map order.
  // The rules list each kind's instances together, so the last kind seen is checked first.
  const kinds: NemesisAction['type'][] = [];
  const counts: number[] = [];
  let last = -1;
  for (const action of actions) {
    if (last >= 0 && kinds[last] === action.type) {
      counts[last]!++;
      continue;
    }
    last = kinds.indexOf(action.type);
    if (last < 0) {
      last = kinds.length;
      kinds.push(action.type);
      counts.push(1);
    } else counts[last]!++;
  }
  const kindIndex = kinds.length === 1 ? 0 : randomInt(random, 0, kinds.length - 1);
  const kind = kinds[kindIndex]!;
  const count = counts[kindIndex]!;
  let instance = count === 1 ? 0 : randomInt(random, 0, count - 1);
  for (const action of actions) {
    if (action.type !== kind) continue;
    if (instance === 0) return action;
    instance--;
  }
  throw new Error('unreachable: the chosen kind has fewer instances than counted');
}
