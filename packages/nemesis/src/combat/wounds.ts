import { drawCard } from '@tabletop/engine';
import { checkHandSlots } from '../items/hand-slots.js';
import { announce, characterName, type Game } from '../vocabulary/game.js';
import type { PlayerState } from '../vocabulary/state.js';
import { killCharacter } from './death.js';
import { activeWoundEffects } from './wound-effects.js';

export { activeWoundEffects };

/**
 * Wounds. The third Light Wound becomes a Serious Wound. A character with
 * three Serious Wounds dies from any further wound, light or serious.
 */
const seriousWoundsToDie = 3;
const lightWoundsPerSerious = 3;

/** Before each wound, light or serious: with three Serious Wounds already, the character dies of it. */
function diesOfFurtherWound(game: Game, player: PlayerState, cause: string): boolean {
  if (player.seriousWounds.length < seriousWoundsToDie) return false;
  killCharacter(game, player, cause);
  return true;
}

export function sufferLightWounds(
  game: Game,
  player: PlayerState,
  count: number,
  cause: string,
): void {
  for (let wound = 0; wound < count && player.status === 'active'; wound++) {
    if (diesOfFurtherWound(game, player, cause)) return;
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
    if (diesOfFurtherWound(game, player, cause)) return;
    const card = drawCard(game.state.seriousWoundDeck, game.state.random, {
      reshuffleWhenEmpty: true,
    });
    // With all 16 cards out the wound still counts; it is kept without a card.
    player.seriousWounds.push({ card: card ?? 'untracked', dressed: false });
    // The wound card lies face up by the character: everyone reads which it is.
    const name = card ? game.tables.seriousWounds.get(card)?.name : undefined;
    announce(
      game,
      'serious-wound',
      `${characterName(game, player)} suffers a Serious Wound${name ? `: ${name}` : ''} (${cause})`,
      {
        seat: player.seat,
        card: card ?? null,
      },
    );
    // An Arm wound leaves one hand slot: a second heavy thing must be dropped at once.
    checkHandSlots(game, player);
  }
}

/** Extra cards an Escape costs: one more per undressed leg wound. */
export function escapeSurcharge(game: Game, player: PlayerState): number {
  let extra = 0;
  for (const effect of activeWoundEffects(game, player))
    if (effect.kind === 'escape-cost') extra += effect.extra;
  return extra;
}

/** The hand size drawn up to at the start of the Player Phase: the lowest any body wound allows. */
export function handSizeFor(game: Game, player: PlayerState, normal: number): number {
  let size = normal;
  for (const effect of activeWoundEffects(game, player))
    if (effect.kind === 'hand-size') size = Math.min(size, effect.size);
  return size;
}

/** Bleeding: a Light Wound for each undressed bleeding card when the character passes. */
export function bleedOnPass(game: Game, player: PlayerState): void {
  for (const effect of activeWoundEffects(game, player)) {
    if (effect.kind === 'light-wound-on-pass')
      sufferLightWounds(game, player, effect.light, 'bleeding on passing');
  }
}
