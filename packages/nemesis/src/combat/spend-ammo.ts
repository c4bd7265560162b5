import type { EffectOf } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import { announce, characterName, type Game } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';

/**
 * Ammo spent for an effect rather than a shot (Suppressive and Covering
 * Fire): rounds from one loaded weapon, named when there are several.
 */
type SpendAmmo = EffectOf<'spend-ammo'>;

function loaded(player: PlayerState, effect: SpendAmmo): string[] {
  return [
    ...new Set(
      player.weapons.filter((weapon) => weapon.ammo >= effect.amount).map((weapon) => weapon.id),
    ),
  ];
}

function spend(game: Game, player: PlayerState, effect: SpendAmmo, id: string): void {
  const weapon = player.weapons.find(
    (candidate) => candidate.id === id && candidate.ammo >= effect.amount,
  )!;
  weapon.ammo -= effect.amount;
  announce(
    game,
    'spend-ammo',
    `${characterName(game, player)} fires ${effect.amount} round(s) from the ${game.tables.weapons.get(id)?.name ?? id} (${weapon.ammo} left)`,
    { seat: player.seat, weapon: id, ammo: weapon.ammo },
  );
}

export const spendAmmo: EffectHandler<SpendAmmo> = {
  unavailable: (_game, player, effect, step) =>
    loaded(player, effect).length > 0
      ? null
      : refuse('no-ammo', `${step.source}: none of your weapons has the ammo to spend`),
  resolve(game, player, effect) {
    const weapons = loaded(player, effect);
    if (weapons.length !== 1) return 'wait';
    spend(game, player, effect, weapons[0]!);
    return 'done';
  },
  question: {
    asks: 'choose-weapon',
    text: (_game, _player, _effect, step) => `${step.source}: which weapon spends the ammo?`,
    options: (_game, player, effect) =>
      loaded(player, effect).map((weapon) => ({ type: 'weapon', weapon })),
    answer(game, player, effect, _step, answer) {
      if (answer.type !== 'weapon') return refuse('choose-weapon', 'name a loaded weapon');
      if (!loaded(player, effect).includes(answer.weapon))
        return refuse('wrong-weapon', `the ${answer.weapon} has not the ammo to spend`);
      game.state.stack.pop();
      spend(game, player, effect, answer.weapon);
      return null;
    },
  },
};
