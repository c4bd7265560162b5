import type { Rejection, Seat } from '@tabletop/engine';
import type { CombatFace } from '../content/tables.js';
import { rollCombatDie } from '../flow/dice.js';
import { announce, characterName, type Game, intrudersIn, playerOf } from '../flow/game.js';
import { type Procedure, refuse } from '../flow/procedure.js';
import type { IntruderKind, PlayerState } from '../flow/state.js';
import { schedule } from '../flow/steps.js';
import { injureIntruder } from '../intruders/intruder-injury.js';
import { capitalised, intruderById } from '../intruders/intruders.js';
import { destroyEggs, uncarriedEggs } from '../objects/heavy-objects.js';
import { basicActionCost, cannotPay, payCost, payment } from '../player-phase/costs.js';
import type { PlayerAction, Question } from '../player-phase/player-action.js';

/**
 * Shoot (1 card): pick a weapon with ammo left and an Intruder in your room,
 * spend one ammo and roll the Combat die. A blank misses; the Creeper face
 * only wounds a Larva or a Creeper; the Adult face also wounds an Adult; one
 * crosshair wounds anything once, two crosshairs twice. Then the target's
 * death check follows.
 *
 * Loose eggs in the room may be the target instead: each injury breaks one
 * egg, and every attempt, hit or miss, ends with a Noise roll.
 */

/** What a Combat die face can wound, from the smallest Intruder up. */
const faceReaches: Record<'creeper' | 'adult', readonly IntruderKind[]> = {
  creeper: ['larva', 'creeper'],
  adult: ['larva', 'creeper', 'adult'],
};

/**
 * Injuries a Combat die face deals to a target. An egg counts as the
 * smallest target (the rules say any hit breaks one), so the Creeper and
 * Adult faces break eggs too. Two crosshairs deal 2 injuries when shooting
 * but only 1 in melee.
 */
export function injuriesFromFace(
  face: CombatFace,
  target: IntruderKind | 'egg',
  attack: 'shoot' | 'melee',
): number {
  switch (face) {
    case 'blank':
      return 0;
    case 'creeper':
    case 'adult':
      return target === 'egg' || faceReaches[face].includes(target) ? 1 : 0;
    case 'single':
      return 1;
    case 'double':
      return attack === 'shoot' ? 2 : 1;
  }
}

/** Whether the target of a Shoot or Melee is there: an Intruder in the room, or loose eggs. */
export function checkCombatTarget(
  game: Game,
  player: PlayerState,
  target: number | 'eggs',
): Rejection | null {
  if (target === 'eggs') {
    return uncarriedEggs(game, player.room) > 0
      ? null
      : refuse('no-eggs', `there are no loose eggs in room ${player.room}`);
  }
  const intruder = intruderById(game, target);
  if (!intruder || intruder.room !== player.room)
    return refuse('no-such-target', `there is no Intruder #${target} in your room`);
  return null;
}

/** Every target in the player's room: each Intruder, then the eggs if any lie loose. */
export function combatTargets(game: Game, player: PlayerState): (number | 'eggs')[] {
  const targets: (number | 'eggs')[] = intrudersIn(game.state, player.room).map(
    (intruder) => intruder.id,
  );
  if (uncarriedEggs(game, player.room) > 0) targets.push('eggs');
  return targets;
}

/** An attempt on the eggs: each injury breaks one, then the Noise roll every attempt sets off. */
export function attackEggs(game: Game, player: PlayerState, injuries: number): void {
  destroyEggs(game, player.room, injuries);
  schedule(game.state.stack, { kind: 'noise-roll', seat: player.seat, room: player.room });
}

/** The target of a Shoot or Melee: an Intruder in the player's room, or its loose eggs. */
export const combatTarget: Question = {
  asks: 'choose-target',
  text: () => 'which target: an Intruder in your room, or the eggs?',
  pending: (_game, _player, chosen) => chosen.target === undefined,
  options: (game, player) =>
    combatTargets(game, player).map((target) => ({ type: 'target', target })),
  check(game, player, _chosen, answer) {
    if (answer.type !== 'target') return refuse('choose-target', 'name your target');
    return checkCombatTarget(game, player, answer.target);
  },
  record(chosen, answer) {
    if (answer.type === 'target') chosen.target = answer.target;
  },
};

/** Weapons with ammo left, each once. */
function loadedWeapons(player: PlayerState): string[] {
  return [
    ...new Set(player.weapons.filter((weapon) => weapon.ammo > 0).map((weapon) => weapon.id)),
  ];
}

const weaponToShoot: Question = {
  asks: 'choose-weapon',
  text: () => 'which weapon do you shoot with?',
  pending: (_game, _player, chosen) => chosen.weapon === undefined,
  options: (_game, player) => loadedWeapons(player).map((weapon) => ({ type: 'weapon', weapon })),
  check(game, player, _chosen, answer) {
    if (answer.type !== 'weapon') return refuse('choose-weapon', 'name the weapon you shoot with');
    const weapon = player.weapons.find((candidate) => candidate.id === answer.weapon);
    if (!weapon) return refuse('no-such-weapon', `you have no ${answer.weapon}`);
    if (weapon.ammo <= 0)
      return refuse(
        'no-ammo',
        `your ${game.tables.weapons.get(weapon.id)?.name ?? weapon.id} has no ammo left`,
      );
    return null;
  },
  record(chosen, answer) {
    if (answer.type === 'weapon') chosen.weapon = answer.weapon;
  },
};

/** Why there is nothing to attack in the player's room, or null. */
export function nothingToAttack(game: Game, player: PlayerState): Rejection | null {
  const anything =
    game.state.intruders.some((intruder) => intruder.room === player.room) ||
    uncarriedEggs(game, player.room) > 0;
  return !anything
    ? refuse('no-such-target', `there is no Intruder and no loose egg in room ${player.room}`)
    : null;
}

export const shootAction: PlayerAction<'shoot'> = {
  type: 'shoot',
  countsAsAction: true,
  unavailable(game, player) {
    if (!player.weapons.some((weapon) => weapon.ammo > 0))
      return refuse('no-ammo', 'none of your weapons has ammo left');
    return nothingToAttack(game, player) ?? cannotPay(game, player, basicActionCost);
  },
  questions: [weaponToShoot, combatTarget, payment(() => basicActionCost)],
  perform(game, player, chosen) {
    payCost(player, chosen.cards);
    schedule(game.state.stack, {
      kind: 'shoot',
      seat: player.seat,
      weapon: chosen.weapon!,
      target: chosen.target!,
    });
  },
};

export interface ShootStep {
  kind: 'shoot';
  seat: Seat;
  weapon: string;
  target: number | 'eggs';
}

export const shoot: Procedure<ShootStep> = {
  resolve(game, step) {
    const player = playerOf(game.state, step.seat);
    if (player?.status !== 'active') return 'done';
    const weapon = player.weapons.find(
      (candidate) => candidate.id === step.weapon && candidate.ammo > 0,
    );
    if (!weapon || checkCombatTarget(game, player, step.target)) return 'done';
    weapon.ammo--;
    const face = rollCombatDie(game);
    const weaponName = game.tables.weapons.get(weapon.id)?.name ?? weapon.id;
    if (step.target === 'eggs') {
      const injuries = injuriesFromFace(face, 'egg', 'shoot');
      announce(
        game,
        'shoot',
        `${characterName(game, player)} shoots at the eggs with the ${weaponName}: ${face}`,
        {
          seat: player.seat,
          weapon: weapon.id,
          target: 'eggs',
          face,
          injuries,
        },
      );
      attackEggs(game, player, injuries);
      return 'done';
    }
    const intruder = intruderById(game, step.target)!;
    const injuries = injuriesFromFace(face, intruder.kind, 'shoot');
    announce(
      game,
      'shoot',
      `${characterName(game, player)} shoots ${capitalised(intruder.kind)} #${intruder.id} with the ${weaponName}: ${face}, ${injuries === 0 ? 'a miss' : `${injuries} injur${injuries === 1 ? 'y' : 'ies'}`}`,
      { seat: player.seat, weapon: weapon.id, target: intruder.id, face, injuries },
    );
    injureIntruder(game, intruder, injuries);
    return 'done';
  },
};
