import { mustAct } from '@tabletop/engine';
import type { EffectOf } from '../content/effects.js';
import { type ItemDeckColour, itemDeckColours } from '../content/schema.js';
import type { EffectHandler } from '../effects/handler.js';
import {
  announce,
  characterName,
  type Game,
  playerOf,
  room,
  roomName,
  seatName,
  whisper,
} from '../vocabulary/game.js';
import { type Procedure, refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import { type EffectStep, type SearchStep, schedule } from '../vocabulary/steps.js';
import { gainItem, itemName } from './inventory.js';
import { deckCanGive, drawItem, putItemUnder } from './item-decks.js';

/**
 * Search: draw cards from an Item deck, keep some, put the others under the
 * deck. The Search Action card searches the room's deck and lowers its item
 * counter (never below 0: a room at 0, or with no counter, cannot be
 * searched); a white room lets the searcher pick the deck. The Storage and
 * the Flashlight say which deck and whether the counter is lowered. A
 * Malfunction or Fire marker does not stop a Search.
 */

/** The decks a search may draw from, before asking whether they still hold cards. */
function searchableDecks(
  game: Game,
  effect: EffectOf<'search'>,
  step: EffectStep,
): readonly ItemDeckColour[] {
  if (effect.deck === 'any') return itemDeckColours;
  const here = room(game.state, step.room);
  const tile = here.explored ? game.tables.roomTiles.get(here.tile) : undefined;
  if (!tile?.hasSearch || tile.colour === null) return [];
  return tile.colour === 'white' ? itemDeckColours : [tile.colour];
}

export const search: EffectHandler<EffectOf<'search'>> = {
  unavailable(game, _player, effect, step) {
    const decks = searchableDecks(game, effect, step);
    if (decks.length === 0)
      return refuse('no-search', `${step.source}: this room cannot be searched`);
    const emptyAllowed =
      effect.evenWhenEmpty === true && room(game.state, step.room).itemCounter !== null;
    if (
      effect.lowersItemCounter &&
      !emptyAllowed &&
      !((room(game.state, step.room).itemCounter ?? 0) > 0)
    )
      return refuse('nothing-left', `${step.source}: nothing is left to find in this room`);
    if (!decks.some((colour) => deckCanGive(game.state, colour)))
      return refuse('no-cards', `${step.source}: no Item card is left to draw`);
    return null;
  },
  resolve(game, player, effect, step) {
    const here = room(game.state, step.room);
    if (effect.lowersItemCounter && here.itemCounter !== null)
      here.itemCounter = Math.max(0, here.itemCounter - 1);
    const decks = searchableDecks(game, effect, step).filter((colour) =>
      deckCanGive(game.state, colour),
    );
    announce(
      game,
      'search',
      `${characterName(game, player)} searches ${roomName(game, step.room)} (${step.source})` +
        (effect.lowersItemCounter ? `; ${here.itemCounter ?? 0} item(s) left to find there` : ''),
      { seat: player.seat, room: step.room, itemCounter: here.itemCounter },
    );
    const searching: SearchStep = {
      kind: 'search',
      seat: player.seat,
      source: step.source,
      decks: [...decks],
      // A room of one colour has no choice to make; a white room or a free pick asks.
      deck:
        effect.deck === 'room' && decks.length === 1 && !isWhiteRoom(game, step) ? decks[0]! : null,
      draw: effect.draw,
      keep: effect.keep,
      drawn: null,
      kept: 0,
    };
    schedule(game.state.stack, searching);
    return 'done';
  },
};

function isWhiteRoom(game: Game, step: EffectStep): boolean {
  const here = room(game.state, step.room);
  return game.tables.roomTiles.get(here.tile)?.colour === 'white';
}

/** The decks offered, as options: the place of each in the Red, Yellow, Green order. */
function deckOptions(step: SearchStep): number[] {
  return step.decks.map((colour) => itemDeckColours.indexOf(colour));
}

function drawCards(game: Game, player: PlayerState, step: SearchStep, deck: ItemDeckColour): void {
  const drawn: string[] = [];
  for (let count = 0; count < step.draw; count++) {
    const card = drawItem(game, deck);
    if (card === undefined) break;
    drawn.push(card);
  }
  step.drawn = drawn;
  whisper(
    game,
    [player.seat],
    'search-drawn',
    `You draw from the ${deck} deck: ${drawn.map((card) => itemName(game, card)).join(', ')}`,
    { seat: player.seat, deck, items: [...drawn] },
  );
}

/** The cards not kept go under their deck; the searcher alone knows which. */
function putBackTheRest(game: Game, player: PlayerState, step: SearchStep): void {
  const rest = step.drawn ?? [];
  for (const card of rest) putItemUnder(game, step.deck!, card, player.seat);
  if (rest.length > 0) {
    announce(
      game,
      'search-put-under',
      `${characterName(game, player)} puts ${rest.length} card(s) under the ${step.deck} deck`,
      { seat: player.seat, deck: step.deck, count: rest.length },
    );
    whisper(
      game,
      [player.seat],
      'search-put-under-secretly',
      `You put the ${rest.map((card) => itemName(game, card)).join(', ')} under the ${step.deck} deck`,
      { seat: player.seat, deck: step.deck, items: [...rest] },
    );
  }
  step.drawn = [];
}

export const searchStep: Procedure<SearchStep> = {
  resolve(game, step) {
    const player = playerOf(game.state, step.seat)!;
    if (step.deck === null) return player.status === 'active' ? 'wait' : 'done';
    if (step.drawn === null) drawCards(game, player, step, step.deck);
    if (player.status === 'active' && step.kept < step.keep && step.drawn!.length > 0)
      return 'wait';
    putBackTheRest(game, player, step);
    return 'done';
  },

  prompts(game, step) {
    const player = playerOf(game.state, step.seat)!;
    const text =
      step.deck === null
        ? 'choose the Item deck to search'
        : `keep ${step.keep - step.kept === 1 ? 'one' : step.keep - step.kept} of the cards you drew; the rest go under the deck`;
    return [
      mustAct(
        step.seat,
        step.deck === null ? 'choose-option' : 'choose-item',
        `${characterName(game, player)}: ${text}`,
      ),
    ];
  },

  legalActions(_game, step, seat) {
    if (seat !== step.seat) return [];
    if (step.deck === null) return deckOptions(step).map((option) => ({ type: 'option', option }));
    return [...new Set(step.drawn ?? [])].map((item) => ({ type: 'item', item }));
  },

  answer(game, step, seat, action) {
    if (seat !== step.seat)
      return refuse('not-your-turn', `it is ${seatName(game, step.seat)}'s choice`);
    const player = playerOf(game.state, seat)!;
    if (step.deck === null) {
      if (action.type !== 'option')
        return refuse('choose-option', 'choose the deck: 0 red, 1 yellow, 2 green');
      const colour = itemDeckColours[action.option];
      if (colour === undefined || !step.decks.includes(colour))
        return refuse('wrong-deck', `you may search ${step.decks.join(', ')}`);
      step.deck = colour;
      return null;
    }
    if (action.type !== 'item') return refuse('choose-item', 'name the card you keep');
    const drawn = step.drawn ?? [];
    const index = drawn.indexOf(action.item);
    if (index < 0) return refuse('not-drawn', `you did not draw ${action.item}`);
    drawn.splice(index, 1);
    step.kept++;
    const done = step.kept >= step.keep || drawn.length === 0;
    if (done) {
      // The search is over once the rest is put back; what the card sets off comes after.
      game.state.stack.pop();
      putBackTheRest(game, player, step);
    }
    gainItem(game, player, action.item, `found by searching, from the ${step.deck} deck`);
    return null;
  },
};
