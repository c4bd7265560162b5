import type { EffectOf } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import type { Game } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import { type EffectStep, schedule } from '../vocabulary/steps.js';
import { checkCombatTarget, combatTargets, nothingToAttack } from './shoot.js';

/**
 * A Shoot given by an Action card, in place of the basic action (no card
 * paid for it): Taking Aim with an Energy weapon and a re-roll of its own,
 * Full Auto emptying the Assault Rifle into one shot for one more Injury per
 * two rounds, hit or miss, Adrenaline with any weapon. The weapon is named,
 * then the target; the shot itself is the Shoot's.
 */
type CardShot = EffectOf<'shoot'>;

/** The loaded weapons this card lets you fire, each once. */
function weaponsFor(game: Game, player: PlayerState, effect: CardShot): string[] {
  const fits = (id: string): boolean => {
    if (effect.weapon === 'any') return true;
    if (effect.weapon === 'energy' || effect.weapon === 'classic')
      return game.tables.weapons.get(id)?.type === effect.weapon;
    return id === effect.weapon;
  };
  return [
    ...new Set(
      player.weapons.filter((weapon) => weapon.ammo > 0 && fits(weapon.id)).map((w) => w.id),
    ),
  ];
}

function weaponNamed(step: EffectStep): string | undefined {
  const answer = step.answered?.find((candidate) => candidate.type === 'weapon');
  return answer?.type === 'weapon' ? answer.weapon : undefined;
}

export const cardShot: EffectHandler<CardShot> = {
  unavailable(game, player, effect, step) {
    if (weaponsFor(game, player, effect).length === 0)
      return refuse('no-ammo', `${step.source}: no weapon it can fire has ammo left`);
    return nothingToAttack(game, player);
  },
  resolve: () => 'wait',
  question: {
    asks: 'choose-weapon',
    asksFor: (_effect, step) =>
      weaponNamed(step) === undefined ? 'choose-weapon' : 'choose-target',
    text: (_game, _player, _effect, step) =>
      weaponNamed(step) === undefined
        ? `${step.source}: which weapon do you shoot with?`
        : `${step.source}: which target?`,
    options(game, player, effect, step) {
      if (weaponNamed(step) === undefined)
        return weaponsFor(game, player, effect).map((weapon) => ({ type: 'weapon', weapon }));
      return combatTargets(game, player).map((target) => ({ type: 'target', target }));
    },
    answer(game, player, effect, step, answer) {
      const weapon = weaponNamed(step);
      if (weapon === undefined) {
        if (answer.type !== 'weapon') return refuse('choose-weapon', 'name the weapon to fire');
        if (!weaponsFor(game, player, effect).includes(answer.weapon))
          return refuse('wrong-weapon', `${step.source} cannot fire the ${answer.weapon}`);
        step.answered = [...(step.answered ?? []), answer];
        return null;
      }
      if (answer.type !== 'target') return refuse('choose-target', 'name your target');
      const wrong = checkCombatTarget(game, player, answer.target);
      if (wrong) return wrong;
      game.state.stack.pop();
      schedule(game.state.stack, {
        kind: 'shoot',
        seat: player.seat,
        weapon,
        target: answer.target,
        extraRerolls: effect.extraRerolls,
        ...(effect.emptiesWeapon && { ammoPerInjury: effect.emptiesWeapon.ammoPerInjury }),
      });
      return null;
    },
  },
};
