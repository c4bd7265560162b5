import type { Effect } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import { announce, characterName, type Game } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState, TapedPair } from '../vocabulary/state.js';
import type { EffectStep } from '../vocabulary/steps.js';
import { heavyItemsOf } from './hand-slots.js';

/**
 * Duct Tape, its third option: two Heavy Items held are taped together and
 * from then on take one hand slot between them. Items only: a corpse, a
 * carcass or an egg is a heavy object, never taped. The pair is in view of
 * everyone, as the Heavy Items themselves are.
 *
 * With more than two untaped Heavy Items the player names the two, one at a
 * time; where only one pair is possible it is taped without a question.
 */

/** The item's name as printed (items/inventory.ts loads this module, so it is not asked there). */
function itemName(game: Game, item: string): string {
  return game.tables.items.get(item)?.name ?? item;
}

/** The Heavy Items held and not yet taped, each copy once. */
export function untapedHeavyItems(game: Game, player: PlayerState): string[] {
  const left = heavyItemsOf(game, player);
  for (const pair of player.taped ?? [])
    for (const item of pair) {
      const index = left.indexOf(item);
      if (index >= 0) left.splice(index, 1);
    }
  return left;
}

/** The first item named, once the player has named it. */
function firstNamed(step: EffectStep): string | undefined {
  const answer = step.answered?.[0];
  return answer?.type === 'item' ? answer.item : undefined;
}

/** What the tape needs next: the pair, when nothing is left to choose, or the items to name from. */
function nextChoice(
  game: Game,
  player: PlayerState,
  step: EffectStep,
): { pair: TapedPair } | { first: string | undefined; names: string[] } {
  const untaped = untapedHeavyItems(game, player);
  if (untaped.length === 2) return { pair: [untaped[0]!, untaped[1]!] };
  let first = firstNamed(step);
  const names = [...new Set(untaped)];
  // Three copies of one item leave nothing to tell apart.
  if (first === undefined && names.length === 1) first = names[0];
  if (first === undefined) return { first, names };
  untaped.splice(untaped.indexOf(first), 1);
  const partners = [...new Set(untaped)];
  if (partners.length === 1) return { pair: [first, partners[0]!] };
  return { first, names: partners };
}

function tape(game: Game, player: PlayerState, pair: TapedPair): void {
  player.taped = [...(player.taped ?? []), pair];
  const [one, other] = pair.map((item) => itemName(game, item));
  announce(
    game,
    'items-taped',
    `${characterName(game, player)} tapes the ${one} to the ${other}: together they take one hand slot`,
    { seat: player.seat, items: [...pair] },
  );
}

export const tapeHeavyItems: EffectHandler<Effect> = {
  unavailable: (game, player, _effect, step) =>
    untapedHeavyItems(game, player).length >= 2
      ? null
      : refuse('nothing-to-tape', `${step.source}: you hold no two untaped Heavy Items to tape`),
  resolve(game, player, _effect, step) {
    const next = nextChoice(game, player, step);
    if (!('pair' in next)) return 'wait';
    tape(game, player, next.pair);
    return 'done';
  },
  question: {
    asks: 'choose-item',
    text(game, player, _effect, step) {
      const next = nextChoice(game, player, step);
      const first = 'pair' in next ? undefined : next.first;
      return first === undefined
        ? `${step.source}: which Heavy Item do you tape?`
        : `${step.source}: which Heavy Item do you tape to the ${itemName(game, first)}?`;
    },
    options(game, player, _effect, step) {
      const next = nextChoice(game, player, step);
      return 'pair' in next ? [] : next.names.map((item) => ({ type: 'item' as const, item }));
    },
    answer(game, player, _effect, step, answer) {
      if (answer.type !== 'item') return refuse('choose-item', 'name a Heavy Item you hold');
      const next = nextChoice(game, player, step);
      if ('pair' in next || !next.names.includes(answer.item))
        return refuse(
          'not-tapeable',
          `the ${itemName(game, answer.item)} is no untaped Heavy Item you could tape here`,
        );
      game.state.stack.pop();
      if (next.first === undefined) game.state.stack.push({ ...step, answered: [answer] });
      else tape(game, player, [next.first, answer.item]);
      return null;
    },
  },
};

/**
 * Our reading, where the card is silent: the tape holds two items together,
 * so when either leaves the inventory (used up, discarded, dropped, traded,
 * or lost with a dead character) the tape goes with it and the other item
 * takes a hand slot of its own again. The other item takes the very slot
 * the pair took, so this alone never asks for a drop. Copies of one item
 * are alike: an untaped copy leaves first, so a pair stays taped as long as
 * the inventory still holds both of its items.
 */
export function keepTapeOnHeldItems(game: Game, player: PlayerState): void {
  if (!player.taped?.length) return;
  const left = [...player.items];
  const kept: TapedPair[] = [];
  for (const pair of player.taped) {
    const held = pair.every((item, index) => {
      const at = left.indexOf(item);
      if (at < 0) {
        // Put back the first item of a pair whose second is gone.
        if (index === 1) left.push(pair[0]);
        return false;
      }
      left.splice(at, 1);
      return true;
    });
    if (held) {
      kept.push(pair);
      continue;
    }
    const still = pair.find((item) => player.items.includes(item));
    if (still !== undefined && player.status === 'active')
      announce(
        game,
        'tape-off',
        `the tape comes off: ${characterName(game, player)}'s ${itemName(game, still)} takes a hand slot of its own again`,
        { seat: player.seat, item: still },
      );
  }
  if (kept.length > 0) player.taped = kept;
  else delete player.taped;
}
