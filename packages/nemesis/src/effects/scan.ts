import type { Deck } from '@tabletop/engine';
import { killCharacter } from '../combat/death.js';
import type { EffectOf } from '../content/effects.js';
import { announce, characterName, type Game, whisper } from '../flow/game.js';
import { refuse } from '../flow/procedure.js';
import type { PlayerState } from '../flow/state.js';
import { miniaturesLeft, placeIntruder } from '../intruders/intruders.js';
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
    : [player.hand, deck.top, deck.drawPile, deck.discardPile];
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

export const scanContamination: EffectHandler<EffectOf<'scan-contamination'>> = {
  unavailable: (_game, _player, effect, step) =>
    effect.cards === 'one-in-hand' || effect.ifInfected === 'draw-contamination'
      ? refuse(
          'not-built',
          `${step.source}: this scan belongs to an item, and items are not built yet`,
        )
      : null,
  resolve(game, player, effect, step) {
    if (effect.cards === 'one-in-hand') return 'done';
    let scanned = 0;
    let removed = 0;
    const infected: string[] = [];
    for (const pile of scannedPiles(player, effect.cards)) {
      for (const card of [...pile]) {
        if (!game.tables.contamination.has(card)) continue;
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
      `${name} scans ${scanned} Contamination card(s) at ${step.source}; ${removed} removed from the game`,
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
    if (infected.length > 0 && effect.ifInfected === 'infection') infect(game, player, step.source);
    return 'done';
  },
};
