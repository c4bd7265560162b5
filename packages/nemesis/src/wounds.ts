import { drawCard } from '@tabletop/engine';
import { killCharacter } from './death.js';
import { announce, characterName, type Game } from './game.js';
import type { PlayerState } from './state.js';

/**
 * Wounds. The third Light Wound becomes a Serious Wound. A character with
 * three Serious Wounds dies from any further wound, light or serious.
 */
const seriousWoundsToDie = 3;
const lightWoundsPerSerious = 3;

export function sufferLightWounds(
  game: Game,
  player: PlayerState,
  count: number,
  cause: string,
): void {
  for (let wound = 0; wound < count && player.status === 'active'; wound++) {
    if (player.seriousWounds.length >= seriousWoundsToDie) {
      killCharacter(game, player, cause);
      return;
    }
    player.lightWounds++;
    announce(
      game,
      'light-wound',
      `${characterName(game, player)} suffers a Light Wound (${cause})`,
      { seat: player.seat },
    );
    if (player.lightWounds >= lightWoundsPerSerious) {
      player.lightWounds -= lightWoundsPerSerious;
      sufferSeriousWounds(game, player, 1, 'a third Light Wound');
    }
  }
}

export function sufferSeriousWounds(
  game: Game,
  player: PlayerState,
  count: number,
  cause: string,
): void {
  for (let wound = 0; wound < count && player.status === 'active'; wound++) {
    if (player.seriousWounds.length >= seriousWoundsToDie) {
      killCharacter(game, player, cause);
      return;
    }
    const card = drawCard(game.state.seriousWoundDeck, game.state.random, {
      reshuffleWhenEmpty: true,
    });
    // With all 16 cards out the wound still counts; it is kept without a card.
    player.seriousWounds.push({ card: card ?? 'untracked', dressed: false });
    announce(
      game,
      'serious-wound',
      `${characterName(game, player)} suffers a Serious Wound (${cause})`,
      {
        seat: player.seat,
        card: card ?? null,
      },
    );
  }
}
