import { type Deck, drawCard } from '@tabletop/engine';
import { killCharacter } from '../combat/death.js';
import type { EffectOf } from '../content/effects.js';
import { miniaturesLeft, placeIntruder } from '../intruders/intruders.js';
import { announce, characterName, type Game, whisper } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import type { EffectHandler } from './handler.js';

/**
 * Scanning Contamination cards (Surgery, the Canteen, the Shower Room): the
 * owner alone learns which are INFECTED; the table sees how many cards go
 * and whether a Larva appears. An INFECTED card found by a scan that
 * infects puts a Larva on the character board; with one already there, the
 * character dies and a Creeper takes their place in the room.
 */

/** The piles a scan reads: the hand, or every Action card the character owns. */
function scannedPiles(player: PlayerState, cards: 'hand' | 'all'): string[][] {
  const deck: Deck<string> = player.actionDeck;
  return cards === 'hand'
    ? [player.hand]
    : [player.hand, deck.top, deck.drawPile, deck.bottom, deck.discardPile];
}

function isInfected(game: Game, card: string): boolean {
  return game.state.infectedContamination.includes(card);
}

/** The infection procedure: a Larva on the board, or death and a Creeper for one already there. */
export function infect(game: Game, player: PlayerState, source: string): void {
  const name = characterName(game, player);
  if (player.larva) {
    const where = player.room;
    killCharacter(game, player, `a second Larva, found by ${source}`);
    placeIntruder(game, 'creeper', where);
    return;
  }
  if (miniaturesLeft(game, 'larva') <= 0) {
    announce(game, 'no-miniature', `No Larva miniature is left for ${name}'s board`, {
      seat: player.seat,
    });
    return;
  }
  player.larva = true;
  announce(game, 'larva', `A Larva appears on ${name}'s board`, { seat: player.seat });
}

type Scan = EffectOf<'scan-contamination'>;

/** The Contamination cards in the hand, each once: what a scan of one card picks from. */
function contaminationInHand(game: Game, player: PlayerState): string[] {
  return [...new Set(player.hand.filter((card) => game.tables.contamination.has(card)))];
}

/** Scans the cards named where they lie (every one when `only` is absent), then what an INFECTED one brings. */
function scan(game: Game, player: PlayerState, effect: Scan, source: string, only?: string): void {
  let scanned = 0;
  let removed = 0;
  const infected: string[] = [];
  const piles =
    only === undefined
      ? scannedPiles(player, effect.cards === 'all' ? 'all' : 'hand')
      : [player.hand];
  for (const pile of piles) {
    for (const card of [...pile]) {
      if (!game.tables.contamination.has(card) || (only !== undefined && card !== only)) continue;
      scanned++;
      const bad = isInfected(game, card);
      if (bad) infected.push(card);
      const goes =
        effect.remove === 'scanned' ||
        (effect.remove === 'infected' && bad) ||
        (effect.remove === 'clean' && !bad);
      if (goes) {
        pile.splice(pile.indexOf(card), 1);
        game.state.contaminationRemoved.push(card);
        player.scanned = player.scanned.filter((known) => known !== card);
        removed++;
      } else if (!player.scanned.includes(card)) {
        player.scanned.push(card);
      }
    }
  }
  const name = characterName(game, player);
  announce(
    game,
    'scan',
    `${name} scans ${scanned} Contamination card(s) at ${source}; ${removed} removed from the game`,
    { seat: player.seat, scanned, removed },
  );
  whisper(
    game,
    [player.seat],
    'scan-result',
    infected.length === 0
      ? 'None of your scanned cards is INFECTED'
      : `${infected.length} of your scanned cards ${infected.length === 1 ? 'is' : 'are'} INFECTED`,
    { infected },
  );
  if (effect.removeLarva && player.larva) {
    player.larva = false;
    announce(game, 'larva-removed', `The Larva is removed from ${name}'s board`, {
      seat: player.seat,
    });
  }
  if (infected.length === 0) return;
  if (effect.ifInfected === 'infection') infect(game, player, source);
  else if (effect.ifInfected === 'draw-contamination') takeContamination(game, player, source);
}

/** A new Contamination card into the discard pile; its id stays unsaid, as it would tell its side. */
function takeContamination(game: Game, player: PlayerState, source: string): void {
  const card = drawCard(game.state.contaminationDeck, game.state.random, {
    reshuffleWhenEmpty: true,
  });
  if (card === undefined) return;
  player.actionDeck.discardPile.push(card);
  announce(
    game,
    'contamination',
    `${characterName(game, player)} receives a new Contamination card (${source})`,
    { seat: player.seat, count: 1 },
  );
}

/**
 * One kind for every scan. A scan of one card (Alcohol) lets the owner pick
 * which Contamination card of their hand; the others read every card of
 * the piles they name. An INFECTED card found may infect, or cost a new
 * Contamination card (the one drawn in its place), or do nothing more.
 */
export const scanContamination: EffectHandler<Scan> = {
  unavailable: (game, player, effect, step) =>
    effect.cards === 'one-in-hand' && contaminationInHand(game, player).length === 0
      ? refuse('nothing-to-scan', `${step.source}: you hold no Contamination card to scan`)
      : null,
  resolve(game, player, effect, step) {
    if (effect.cards === 'one-in-hand') return 'wait';
    scan(game, player, effect, step.source);
    return 'done';
  },
  question: {
    asks: 'choose-card',
    text: (_game, _player, _effect, step) =>
      `${step.source}: which Contamination card of your hand do you scan?`,
    options: (game, player) =>
      contaminationInHand(game, player).map((card) => ({ type: 'card', card })),
    answer(game, player, effect, step, answer) {
      if (answer.type !== 'card') return refuse('choose-card', 'name a Contamination card to scan');
      if (!contaminationInHand(game, player).includes(answer.card))
        return refuse('card-not-in-hand', `${answer.card} is no Contamination card in your hand`);
      game.state.stack.pop();
      scan(game, player, effect, step.source, answer.card);
      return null;
    },
  },
};
