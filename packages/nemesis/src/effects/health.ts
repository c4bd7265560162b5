import { sufferLightWounds, sufferSeriousWounds } from '../combat/wounds.js';
import type { EffectOf } from '../content/effects.js';
import { announce, characterName, charactersIn, type Game } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import type { EffectStep } from '../vocabulary/steps.js';
import type { EffectHandler } from './handler.js';

/**
 * Health: dressing stops a Serious Wound's effect but it still counts
 * toward death; only a dressed one can be healed away; Light Wounds heal.
 */

function limit(count: number | 'all', available: number): number {
  return count === 'all' ? available : Math.min(count, available);
}

/** The characters an effect reaches; `chosen-in-room` is not built, so never offered. */
export function reached(
  game: Game,
  player: PlayerState,
  who: 'self' | 'everyone-in-room' | 'others-in-room' | 'chosen-in-room',
): PlayerState[] {
  if (who === 'self') return [player];
  const present = charactersIn(game.state, player.room);
  return who === 'others-in-room' ? present.filter((other) => other !== player) : present;
}

export const dressSeriousWounds: EffectHandler<EffectOf<'dress-serious-wounds'>> = {
  unavailable: (_game, player, _effect, step) =>
    player.seriousWounds.some((wound) => !wound.dressed)
      ? null
      : refuse('nothing-to-dress', `${step.source}: no undressed Serious Wound to dress`),
  resolve(game, player, effect) {
    const undressed = player.seriousWounds.filter((wound) => !wound.dressed);
    const count = limit(effect.count, undressed.length);
    for (const wound of undressed.slice(0, count)) wound.dressed = true;
    announce(
      game,
      'wounds-dressed',
      `${characterName(game, player)} dresses ${count} Serious Wound(s)`,
      {
        seat: player.seat,
        count,
      },
    );
    return 'done';
  },
};

export const healDressedSeriousWounds: EffectHandler<EffectOf<'heal-dressed-serious-wounds'>> = {
  unavailable: (_game, player, _effect, step) =>
    player.seriousWounds.some((wound) => wound.dressed)
      ? null
      : refuse('nothing-to-heal', `${step.source}: no dressed Serious Wound to heal`),
  resolve(game, player, effect) {
    let healed = 0;
    const total = limit(effect.count, player.seriousWounds.filter((wound) => wound.dressed).length);
    while (healed < total) {
      const index = player.seriousWounds.findIndex((wound) => wound.dressed);
      const [wound] = player.seriousWounds.splice(index, 1);
      if (wound!.card !== 'untracked') game.state.seriousWoundDeck.discardPile.push(wound!.card);
      healed++;
    }
    announce(
      game,
      'wounds-healed',
      `${characterName(game, player)} heals ${healed} dressed Serious Wound(s)`,
      {
        seat: player.seat,
        count: healed,
      },
    );
    return 'done';
  },
};

export const healLightWounds: EffectHandler<EffectOf<'heal-light-wounds'>> = {
  unavailable: (_game, player, _effect, step) =>
    player.lightWounds > 0
      ? null
      : refuse('nothing-to-heal', `${step.source}: no Light Wound to heal`),
  resolve(game, player, effect) {
    const count = limit(effect.count, player.lightWounds);
    player.lightWounds -= count;
    announce(
      game,
      'wounds-healed',
      `${characterName(game, player)} heals ${count} Light Wound(s)`,
      {
        seat: player.seat,
        count,
      },
    );
    return 'done';
  },
};

export const sufferWounds: EffectHandler<EffectOf<'suffer-wounds'>> = {
  resolve(game, player, effect, step: EffectStep) {
    for (const character of reached(game, player, effect.who)) {
      sufferLightWounds(game, character, effect.light, step.source);
      sufferSeriousWounds(game, character, effect.serious, step.source);
    }
    return 'done';
  },
};

export const removeSlime: EffectHandler<EffectOf<'remove-slime'>> = {
  unavailable: (_game, player, _effect, step) =>
    player.slime ? null : refuse('no-slime', `${step.source}: you have no Slime marker`),
  resolve(game, player) {
    player.slime = false;
    announce(game, 'slime-removed', `${characterName(game, player)} washes off the Slime`, {
      seat: player.seat,
    });
    return 'done';
  },
};

export const gainSlime: EffectHandler<EffectOf<'gain-slime'>> = {
  resolve(game, player) {
    if (player.slime) return 'done';
    player.slime = true;
    announce(game, 'slime', `${characterName(game, player)} is covered in Slime`, {
      seat: player.seat,
    });
    return 'done';
  },
};
