import type { Rejection, Seat } from '@tabletop/engine';
import type { CombatFace } from '../content/tables.js';
import type { ActionOf } from '../flow/actions.js';
import { rollCombatDie } from '../flow/dice.js';
import { announce, characterName, type Game, intrudersIn, playerOf } from '../flow/game.js';
import { type Procedure, refuse } from '../flow/procedure.js';
import type { IntruderKind, PlayerState } from '../flow/state.js';
import { schedule } from '../flow/steps.js';
import { injureIntruder } from '../intruders/intruder-injury.js';
import { capitalised, intruderById } from '../intruders/intruders.js';
import { destroyEggs, uncarriedEggs } from '../objects/heavy-objects.js';
import { basicActionCost, checkCost, costOptions, payCost } from '../player-phase/costs.js';
import type { PlayerAction } from '../player-phase/player-action.js';

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

export const shootAction: PlayerAction<'shoot'> = {
  type: 'shoot',
  countsAsAction: true,
  check(game, player, action) {
    const weapon = player.weapons.find((candidate) => candidate.id === action.weapon);
    if (!weapon) return refuse('no-such-weapon', `you have no ${action.weapon}`);
    if (weapon.ammo <= 0)
      return refuse(
        'no-ammo',
        `your ${game.tables.weapons.get(weapon.id)?.name ?? weapon.id} has no ammo left`,
      );
    return (
      checkCombatTarget(game, player, action.target) ??
      checkCost(game, player, action.cards, basicActionCost)
    );
  },
  perform(game, player, action) {
    payCost(player, action.cards);
    schedule(game.state.stack, {
      kind: 'shoot',
      seat: player.seat,
      weapon: action.weapon,
      target: action.target,
    });
  },
  enumerate(game, player) {
    const actions: ActionOf<'shoot'>[] = [];
    const weapons = [
      ...new Set(player.weapons.filter((weapon) => weapon.ammo > 0).map((weapon) => weapon.id)),
    ];
    if (weapons.length === 0) return actions;
    const targets = combatTargets(game, player);
    if (targets.length === 0) return actions;
    const payments = costOptions(game, player, basicActionCost);
    for (const weapon of weapons) {
      for (const target of targets)
        for (const cards of payments) actions.push({ type: 'shoot', weapon, target, cards });
    }
    return actions;
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
