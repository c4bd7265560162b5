import { drawCard } from '@tabletop/engine';
import type { EffectOf } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import { announce, characterName } from '../vocabulary/game.js';

/**
 * Taking Contamination cards by an effect (the Antidote). Into the discard
 * pile, as an attack gives them; or shuffled into the Action deck together
 * with the discard pile (and any cards known to lie on top), so the card
 * may come up at any draw. The card's id is never announced: it would tell
 * whether it is INFECTED.
 */
export const gainContamination: EffectHandler<EffectOf<'gain-contamination'>> = {
  resolve(game, player, effect, step) {
    const deck = player.actionDeck;
    const taken: string[] = [];
    while (taken.length < effect.count) {
      const card = drawCard(game.state.contaminationDeck, game.state.random, {
        reshuffleWhenEmpty: true,
      });
      if (card === undefined) break;
      taken.push(card);
    }
    if (effect.into === 'discard') {
      deck.discardPile.push(...taken);
    } else {
      // Cards are drawn at random from the draw pile, so putting them there shuffles them in.
      deck.drawPile.push(...taken, ...deck.top, ...deck.discardPile);
      deck.top = [];
      deck.discardPile = [];
    }
    const cards = `${taken.length} Contamination card${taken.length === 1 ? '' : 's'}`;
    announce(
      game,
      'contamination',
      effect.into === 'discard'
        ? `${characterName(game, player)} receives ${cards} (${step.source})`
        : `${characterName(game, player)} shuffles ${cards} into their Action deck with the discard pile (${step.source})`,
      { seat: player.seat, count: taken.length },
    );
    return 'done';
  },
};
