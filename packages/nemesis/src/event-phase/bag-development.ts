import { drawFromBag, putInBag, type Seat } from '@tabletop/engine';
import { addAdultToBag, addTokenToBag } from '../encounters/encounter.js';
import { attackTarget } from '../intruders/intruder-attack.js';
import { miniaturesLeft, placeIntruder } from '../intruders/intruders.js';
import { discardNoiseAround } from '../markers/markers.js';
import { isExploredNest } from '../objects/heavy-objects.js';
import {
  announce,
  characterName,
  type Game,
  inCombat,
  playerOf,
  turnOrder,
} from '../vocabulary/game.js';
import type { Procedure } from '../vocabulary/procedure.js';
import type { NemesisState } from '../vocabulary/state.js';
import { type BagDevelopmentStep, type Step, schedule } from '../vocabulary/steps.js';

/**
 * Event Phase, step 5: the Intruder bag develops. One token is drawn and
 * acts by its kind:
 * - Larva: it leaves the game, and an Adult token from beside the board
 *   goes into the bag (if one is left).
 * - Creeper: it leaves the game, and a Breeder token goes in (if one is left).
 * - Adult or Breeder: each player in turn order, from the First Player,
 *   rolls for Noise, except one whose character is in Combat.
 * - Queen: if characters stand in the Nest, the Queen comes to them as in
 *   an Encounter; otherwise (or while the Nest is still unfound) the Nest
 *   gains one Egg, if the box has one left.
 * - Blank: an Adult token goes into the bag (if one is left).
 * Every token but a Larva or Creeper then goes back into the bag. An empty
 * bag does not develop.
 *
 * While the token resolves it is held by the step, not in the bag, as it
 * would be in the drawing player's hand: an Encounter set off by a Noise
 * roll meanwhile cannot draw it.
 *
 * Choices where the rules leave room:
 * - Whether a player is in Combat is judged when their roll comes up: an
 *   Intruder brought into a room by an earlier roll spares the characters
 *   there their own roll.
 * - The Queen's Encounter follows the Encounter's steps with the Queen
 *   token as the token drawn: the Noise markers around the Nest are
 *   discarded, the Queen is placed, and a Surprise Attack strikes if the
 *   character she would attack (fewest cards in hand, ties to the First
 *   Player) holds fewer cards than the token's number. The token then goes
 *   back into the bag, not aside, as bag development says.
 * - If the Queen is already on the board she cannot come again; the Nest
 *   gains an Egg instead, the token's other outcome.
 */
export const bagDevelopment: Procedure<BagDevelopmentStep> = {
  resolve(game, step) {
    if (step.token !== undefined) {
      continueWithRolls(game, step.token, step.rolls ?? []);
      return 'done';
    }
    const { state } = game;
    const token = drawFromBag(state.bag, state.random);
    if (token === undefined) {
      announce(game, 'bag-development', 'Bag development: the Intruder bag is empty');
      return 'done';
    }
    const kind = game.tables.intruderTokens.get(token)?.kind ?? 'blank';
    switch (kind) {
      case 'larva':
        state.tokensOut.push(token);
        announce(
          game,
          'bag-development',
          'Bag development: a Larva token; it grows up and leaves the bag',
          { kind },
        );
        addAdultToBag(game);
        return 'done';
      case 'creeper':
        state.tokensOut.push(token);
        announce(
          game,
          'bag-development',
          'Bag development: a Creeper token; it grows up and leaves the bag',
          { kind },
        );
        addTokenToBag(game, 'breeder');
        return 'done';
      case 'adult':
      case 'breeder': {
        announce(
          game,
          'bag-development',
          `Bag development: ${kind === 'adult' ? 'an Adult' : 'a Breeder'} token; everyone not in Combat rolls for Noise`,
          { kind },
        );
        const rolls = turnOrder(state).map((player) => player.seat);
        schedule(state.stack, { kind: 'bag-development', token, rolls });
        return 'done';
      }
      case 'queen':
        queenStirs(game, token);
        return 'done';
      case 'blank':
        announce(game, 'bag-development', 'Bag development: the Blank token', { kind });
        addAdultToBag(game);
        putInBag(state.bag, token);
        return 'done';
    }
  },
};

/** The next Noise roll owed for an Adult or Breeder token, or, with none left, the token back in the bag. */
function continueWithRolls(game: Game, token: string, rolls: readonly Seat[]): void {
  const { state } = game;
  for (let index = 0; index < rolls.length; index++) {
    const player = playerOf(state, rolls[index]!);
    if (player?.status !== 'active') continue;
    if (inCombat(state, player)) {
      announce(
        game,
        'no-noise-roll',
        `${characterName(game, player)} is in Combat and does not roll for Noise`,
        { seat: player.seat },
      );
      continue;
    }
    schedule(
      state.stack,
      { kind: 'noise-roll', seat: player.seat, room: player.room },
      { kind: 'bag-development', token, rolls: rolls.slice(index + 1) },
    );
    return;
  }
  putInBag(state.bag, token);
}

/** The room number of the explored Nest, or null while it is unfound. */
export function nestRoomNumber(game: Game): number | null {
  for (const candidate of game.state.rooms)
    if (isExploredNest(game, candidate.number)) return candidate.number;
  return null;
}

function queenStirs(game: Game, token: string): void {
  const { state } = game;
  const nest = nestRoomNumber(game);
  const target = nest === null ? null : attackTarget(game, nest);
  if (nest === null || target === null || miniaturesLeft(game, 'queen') <= 0) {
    announce(game, 'bag-development', 'Bag development: the Queen token; the Nest gains an Egg', {
      kind: 'queen',
    });
    layEgg(game);
    putInBag(state.bag, token);
    return;
  }
  announce(
    game,
    'bag-development',
    `Bag development: the Queen token; characters are in the Nest (room ${nest}) and the Queen comes`,
    {
      kind: 'queen',
      room: nest,
    },
  );
  discardNoiseAround(game, nest);
  const queen = placeIntruder(game, 'queen', nest);
  const number = game.tables.intruderTokens.get(token)?.number ?? null;
  // The token goes back into the bag once the Encounter, Surprise Attack included, is over.
  const putBack: Step = { kind: 'bag-development', token, rolls: [] };
  if (queen && number !== null && target.hand.length < number) {
    announce(
      game,
      'surprise-attack',
      `Surprise Attack on ${characterName(game, target)}: ${target.hand.length} card(s) in hand against ${number}`,
      {
        seat: target.seat,
        intruder: queen.id,
      },
    );
    schedule(
      state.stack,
      { kind: 'intruder-attack', intruder: queen.id, target: target.seat, surprise: true },
      putBack,
    );
  } else {
    schedule(state.stack, putBack);
  }
}

/** Egg tokens out of the box: on the Intruder board, lying in rooms, carried, or destroyed. */
export function eggsUsed(state: NemesisState): number {
  let count = state.nestEggs + state.eggsDestroyed;
  for (const candidate of state.rooms)
    for (const object of candidate.objects) if (object === 'egg') count++;
  for (const player of state.players)
    for (const object of player.carried) if (object === 'egg') count++;
  return count;
}

/** One more Egg on the Intruder board, if the box has one left (a destroyed Egg never returns). */
function layEgg(game: Game): void {
  const { state } = game;
  if (eggsUsed(state) >= game.tables.supplies.eggs) {
    announce(game, 'no-egg', 'No Egg token is left to add to the Nest');
    return;
  }
  state.nestEggs++;
  announce(
    game,
    'egg-laid',
    `An Egg is added to the Nest (${state.nestEggs} on the Intruder board)`,
    { eggs: state.nestEggs },
  );
}
