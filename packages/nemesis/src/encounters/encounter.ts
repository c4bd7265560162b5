import { drawFromBag, putInBag, randomInt } from '@tabletop/engine';
import type { IntruderKind } from '../content/effects.js';
import {
  capitalised,
  miniaturesLeft,
  placeIntruder,
  removeIntruder,
  returnTokenToBag,
} from '../intruders/intruders.js';
import { surpriseAttackNumber, weaknessesOfKindApply } from '../intruders/weaknesses.js';
import { discardNoiseAround, placeNoiseAround } from '../markers/markers.js';
import {
  announce,
  characterName,
  type Game,
  intruderInCombat,
  playerOf,
} from '../vocabulary/game.js';
import type { Procedure } from '../vocabulary/procedure.js';
import { type EncounterStep, schedule } from '../vocabulary/steps.js';

/**
 * An Encounter, when an Intruder appears where a character is:
 * 1. discard the Noise markers of every corridor of the room (Technical
 *    Corridors included); 2. draw an Intruder token from the bag; 3. place
 *    the matching miniature in the room; 4. if the character holds fewer
 *    cards (Action and Contamination) than the token's number, a Surprise
 *    Attack; 5. set the token aside.
 * The Blank token instead puts noise in every corridor of the room, goes back
 * in the bag, and, if it was the last token there, brings an Adult token in.
 */
export const encounter: Procedure<EncounterStep> = {
  resolve(game, step) {
    const player = playerOf(game.state, step.seat)!;
    discardNoiseAround(game, step.room);
    const token = drawFromBag(game.state.bag, game.state.random);
    if (token === undefined) {
      announce(
        game,
        'empty-bag',
        `The Intruder bag is empty: nothing appears in room ${step.room}`,
        { room: step.room },
      );
      return 'done';
    }
    const facts = game.tables.intruderTokens.get(token)!;
    if (facts.kind === 'blank') {
      blankToken(game, token, step.room);
      return 'done';
    }
    if (facts.kind === 'adult' && miniaturesLeft(game, 'adult') <= 0) makeRoomForAnAdult(game);
    const intruder = placeIntruder(game, facts.kind, step.room);
    game.state.tokensAside.push(token);
    if (
      !intruder ||
      player.status !== 'active' ||
      player.room !== step.room ||
      facts.number === null
    )
      return 'done';
    const number = surpriseAttackNumber(game, facts.number);
    const attacked = player.hand.length < number;
    if (attacked !== player.hand.length < facts.number)
      weaknessesOfKindApply(
        game,
        'surprise-attack-number',
        `the token counts ${number} instead of ${facts.number}, so ${attacked ? 'a' : 'no'} Surprise Attack follows`,
      );
    if (attacked) {
      announce(
        game,
        'surprise-attack',
        `Surprise Attack on ${characterName(game, player)}: ${player.hand.length} card(s) in hand against ${number}`,
        {
          seat: player.seat,
          intruder: intruder.id,
        },
      );
      schedule(game.state.stack, {
        kind: 'intruder-attack',
        intruder: intruder.id,
        target: player.seat,
        surprise: true,
      });
    }
    return 'done';
  },
};

function blankToken(game: Game, token: string, number: number): void {
  placeNoiseAround(game, number, false);
  announce(game, 'blank-token', `A Blank token: noise in every corridor of room ${number}`, {
    room: number,
  });
  if (game.state.bag.tokens.length === 0) addAdultToBag(game);
  putInBag(game.state.bag, token);
}

/** An Adult token from beside the board into the bag, if any is left. */
export function addAdultToBag(game: Game): boolean {
  return addTokenToBag(game, 'adult');
}

/**
 * A token of this kind from beside the board into the bag, if any is left.
 * Tokens of one kind carry different numbers, so the one taken is picked
 * blind, at random.
 */
export function addTokenToBag(game: Game, kind: IntruderKind): boolean {
  const { state } = game;
  const candidates: number[] = [];
  state.tokensInReserve.forEach((token, index) => {
    if (game.tables.intruderTokens.get(token)?.kind === kind) candidates.push(index);
  });
  if (candidates.length === 0) return false;
  const index = candidates[randomInt(state.random, 0, candidates.length - 1)]!;
  const [token] = state.tokensInReserve.splice(index, 1);
  putInBag(state.bag, token!);
  announce(
    game,
    `bag-${kind}`,
    `${kind === 'adult' ? 'An Adult' : `A ${capitalised(kind)}`} token goes into the Intruder bag`,
    { kind },
  );
  return true;
}

/** All eight Adults are on the board and one more must come: every Adult not in Combat goes back to the bag. */
function makeRoomForAnAdult(game: Game): void {
  const idle = game.state.intruders.filter(
    (intruder) => intruder.kind === 'adult' && !intruderInCombat(game.state, intruder),
  );
  for (const adult of idle) {
    removeIntruder(game, adult);
    returnTokenToBag(game, 'adult');
  }
  announce(
    game,
    'adults-recalled',
    `All eight Adults were on the board: ${idle.length} not in Combat return to the bag`,
  );
}
