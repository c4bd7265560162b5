import type { EffectOf } from '../content/effects.js';
import type { Tables } from '../content/tables.js';
import type { EffectHandler } from '../effects/handler.js';
import { announce, characterName, type Game } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState, WeaponState } from '../vocabulary/state.js';
import type { EffectStep } from '../vocabulary/steps.js';
import { weaponCapacity } from './weapon-capacity.js';

/**
 * Fitting an item onto a weapon (the Extended Magazine): the card leaves the
 * inventory and stays on the weapon, in sight of everyone; the weapon holds
 * more from now on and gains some ammo at once. With several weapons it
 * fits, the player names one.
 */
type Fit = EffectOf<'attach-to-weapon'>;

/** The weapons this fitting goes on: any of the player's energy weapons, or the one it names. */
function fittableWeapons(tables: Tables, player: PlayerState, effect: Fit): string[] {
  const fits = (weapon: WeaponState) =>
    effect.weapon === 'energy'
      ? tables.weapons.get(weapon.id)?.type === 'energy'
      : weapon.id === effect.weapon;
  return [...new Set(player.weapons.filter(fits).map((weapon) => weapon.id))];
}

/** The card being fitted: the item the effect came from, else one in the inventory that fits this way. */
function fittingCard(tables: Tables, player: PlayerState, effect: Fit, step: EffectStep) {
  const matches = (item: string) => {
    const facts = tables.fittings.get(item);
    return (
      facts !== undefined &&
      facts.weapon === effect.weapon &&
      facts.capacity === effect.capacity &&
      facts.ammo === effect.ammo
    );
  };
  if (step.item !== undefined)
    return player.items.includes(step.item) && tables.fittings.has(step.item) ? step.item : null;
  return player.items.find(matches) ?? null;
}

function fit(game: Game, player: PlayerState, effect: Fit, step: EffectStep, id: string): void {
  const card = fittingCard(game.tables, player, effect, step)!;
  const weapon = player.weapons.find((candidate) => candidate.id === id)!;
  player.items.splice(player.items.indexOf(card), 1);
  weapon.attachments = [...(weapon.attachments ?? []), card];
  const before = weapon.ammo;
  weapon.ammo = Math.min(weaponCapacity(game.tables, player, weapon), weapon.ammo + effect.ammo);
  const name = (table: ReadonlyMap<string, { name: string }>, key: string) =>
    table.get(key)?.name ?? key;
  announce(
    game,
    'weapon-fitted',
    `${characterName(game, player)} fits the ${name(game.tables.fittings, card)} to the ${name(game.tables.weapons, id)}: capacity ${weaponCapacity(game.tables, player, weapon)}, ammo ${before} to ${weapon.ammo}`,
    { seat: player.seat, weapon: id, item: card, ammo: weapon.ammo },
  );
}

export const attachToWeapon: EffectHandler<Fit> = {
  unavailable(game, player, effect, step) {
    if (fittingCard(game.tables, player, effect, step) === null)
      return refuse('no-fitting', `${step.source}: you hold no such item to fit`);
    if (fittableWeapons(game.tables, player, effect).length === 0)
      return refuse(
        'no-weapon-to-fit',
        `${step.source}: you have no ${effect.weapon === 'energy' ? 'energy weapon' : effect.weapon} to fit it to`,
      );
    return null;
  },
  resolve(game, player, effect, step) {
    const weapons = fittableWeapons(game.tables, player, effect);
    if (weapons.length !== 1) return 'wait';
    fit(game, player, effect, step, weapons[0]!);
    return 'done';
  },
  question: {
    asks: 'choose-weapon',
    text: (_game, _player, _effect, step) => `${step.source}: which weapon to fit it to`,
    options: (game, player, effect) =>
      fittableWeapons(game.tables, player, effect).map((weapon) => ({ type: 'weapon', weapon })),
    answer(game, player, effect, step, answer) {
      if (answer.type !== 'weapon') return refuse('choose-weapon', 'name a weapon to fit it to');
      if (!fittableWeapons(game.tables, player, effect).includes(answer.weapon))
        return refuse('wrong-weapon', `it does not fit a ${answer.weapon}`);
      game.state.stack.pop();
      fit(game, player, effect, step, answer.weapon);
      return null;
    },
  },
};
