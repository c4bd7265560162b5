import { mustAct, type Rejection } from '@tabletop/engine';
import { injureIntruder } from '../intruders/intruder-injury.js';
import { capitalised, intruderById } from '../intruders/intruders.js';
import { weaknessApplies, weaknessesOnShot } from '../intruders/weaknesses.js';
import { placeFire } from '../markers/markers.js';
import { destroyEggs, uncarriedEggs } from '../objects/heavy-objects.js';
import { basicActionCost, cannotPay, payCost, payment } from '../player-phase/costs.js';
import type { PlayerAction, Question } from '../player-phase/player-action.js';
import { rollCombatDie } from '../vocabulary/dice.js';
import {
  announce,
  characterName,
  type Game,
  intrudersIn,
  playerOf,
  seatName,
} from '../vocabulary/game.js';
import { type Procedure, refuse } from '../vocabulary/procedure.js';
import type { PlayerState, WeaponState } from '../vocabulary/state.js';
import { type ShootStep, type ShotQuestion, schedule } from '../vocabulary/steps.js';
import { countShot, faceWords, overchargeOffered, rerollsAllowed } from './weapon-rules.js';

/**
 * Shoot (1 card): pick a weapon with ammo left and an Intruder in your room,
 * spend one ammo and roll the Combat die. A blank misses; the Creeper face
 * only wounds a Larva or a Creeper; the Adult face also wounds an Adult; one
 * crosshair wounds anything once, two crosshairs twice. The weapon's own
 * rules bend that reading (combat/weapon-rules.ts). Then the target's death
 * check follows.
 *
 * Loose eggs in the room may be the target instead: each injury breaks one
 * egg, and every attempt, hit or miss, ends with a Noise roll.
 */

export { injuriesFromFace } from './combat-die.js';

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
    // Two copies of a weapon (two Flamethrowers) are one option: either one loaded will do.
    const copies = player.weapons.filter((candidate) => candidate.id === answer.weapon);
    if (copies.length === 0) return refuse('no-such-weapon', `you have no ${answer.weapon}`);
    if (!copies.some((weapon) => weapon.ammo > 0))
      return refuse(
        'no-ammo',
        `your ${game.tables.weapons.get(answer.weapon)?.name ?? answer.weapon} has no ammo left`,
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

/** The weapon shooting: the first of that id with ammo before the roll, or with any after. */
function shootingWeapon(player: PlayerState, step: ShootStep): WeaponState | undefined {
  return player.weapons.find(
    (candidate) =>
      candidate.id === step.weapon && (step.rolled !== undefined || candidate.ammo > 0),
  );
}

function weaponName(game: Game, id: string): string {
  return game.tables.weapons.get(id)?.name ?? id;
}

function rulesOf(game: Game, id: string) {
  return game.tables.weapons.get(id)?.rules ?? [];
}

/** The question the shot asks now, if any. */
function nextQuestion(game: Game, player: PlayerState, step: ShootStep): ShotQuestion | undefined {
  if ((step.rerollsLeft ?? 0) > 0) return 'reroll';
  const weapon = shootingWeapon(player, step);
  if (
    step.overcharged === undefined &&
    overchargeOffered(rulesOf(game, step.weapon), step.rolled!) &&
    weapon !== undefined &&
    weapon.ammo > 0
  )
    return 'overcharge';
  return undefined;
}

function finishShot(game: Game, player: PlayerState, step: ShootStep): void {
  const rules = rulesOf(game, step.weapon);
  const name = weaponName(game, step.weapon);
  const who = characterName(game, player);
  const rolled = step.rolled!;
  const target = step.target === 'eggs' ? null : intruderById(game, step.target)!;
  const weaknesses = weaknessesOnShot(
    game,
    target?.kind ?? 'egg',
    game.tables.weapons.get(step.weapon)?.type,
  );
  const shot = countShot(
    rolled,
    target?.kind ?? 'egg',
    [...rules, ...weaknesses],
    step.overcharged === true,
  );
  const burst =
    step.ammoPerInjury === undefined ? 0 : Math.floor((step.emptied ?? 0) / step.ammoPerInjury);
  if (burst > 0) {
    shot.injuries += burst;
    shot.notes.push(`+${burst} from ${step.emptied} rounds on full auto`);
  }
  for (const weakness of weaknesses)
    if (shot.applied.includes(weakness)) weaknessApplies(game, weakness, 'it changes the shot');
  const rulesText = shot.notes.length > 0 ? ` (the ${name}: ${shot.notes.join('; ')})` : '';
  const result =
    shot.injuries === 0 ? 'a miss' : `${shot.injuries} injur${shot.injuries === 1 ? 'y' : 'ies'}`;
  const detail = {
    seat: player.seat,
    weapon: step.weapon,
    face: rolled,
    counted: shot.counted,
    injuries: shot.injuries,
    rules: shot.notes,
  };
  if (target === null) {
    announce(
      game,
      'shoot',
      `${who} shoots at the eggs with the ${name}: ${faceWords(rolled)}, ${result}${rulesText}`,
      { ...detail, target: 'eggs' },
    );
    attackEggs(game, player, shot.injuries);
  } else {
    announce(
      game,
      'shoot',
      `${who} shoots ${capitalised(target.kind)} #${target.id} with the ${name}: ${faceWords(rolled)}, ${result}${rulesText}`,
      { ...detail, target: target.id },
    );
    injureIntruder(game, target, shot.injuries);
  }
  if (shot.fire) placeFire(game, player.room);
}

export const shoot: Procedure<ShootStep> = {
  resolve(game, step) {
    const player = playerOf(game.state, step.seat);
    if (player?.status !== 'active') return 'done';
    if (step.rolled === undefined) {
      const weapon = shootingWeapon(player, step);
      if (!weapon || checkCombatTarget(game, player, step.target)) return 'done';
      if (step.ammoPerInjury !== undefined) {
        step.emptied = weapon.ammo;
        weapon.ammo = 0;
      } else weapon.ammo--;
      step.rolled = rollCombatDie(game);
      step.rerollsLeft = rerollsAllowed(rulesOf(game, step.weapon)) + (step.extraRerolls ?? 0);
    }
    step.asking = nextQuestion(game, player, step);
    if (step.asking !== undefined) return 'wait';
    finishShot(game, player, step);
    return 'done';
  },

  prompts(game, step) {
    const player = playerOf(game.state, step.seat)!;
    return [
      mustAct(
        step.seat,
        'choose-option',
        `${characterName(game, player)}: ${shotQuestionText(game, step)}`,
      ),
    ];
  },

  legalActions(_game, step, seat) {
    if (seat !== step.seat) return [];
    return [{ type: 'option', option: 0 }, { type: 'done' }];
  },

  answer(game, step, seat, action) {
    if (seat !== step.seat)
      return refuse('not-your-turn', `it is ${seatName(game, step.seat)}'s shot`);
    const taking = action.type === 'option' && action.option === 0;
    if (!taking && action.type !== 'done')
      return refuse(
        'choose-option',
        `answer option 0 to ${step.asking === 'reroll' ? 'roll again' : 'spend one more ammo'}, or done to ${step.asking === 'reroll' ? 'keep the roll' : 'keep it'}`,
      );
    const player = playerOf(game.state, seat)!;
    if (step.asking === 'reroll') {
      if (!taking) {
        step.rerollsLeft = 0;
        return null;
      }
      const before = step.rolled!;
      step.rerollsLeft = (step.rerollsLeft ?? 1) - 1;
      step.rolled = rollCombatDie(game);
      announce(
        game,
        'reroll',
        `${characterName(game, player)} rolls ${faceWords(before)} again with the ${weaponName(game, step.weapon)}: ${faceWords(step.rolled)}`,
        { seat, weapon: step.weapon, from: before, face: step.rolled },
      );
      return null;
    }
    step.overcharged = taking;
    if (taking) {
      const weapon = shootingWeapon(player, step)!;
      weapon.ammo--;
      announce(
        game,
        'overcharge',
        `${characterName(game, player)} spends one more ammo of the ${weaponName(game, step.weapon)} (${weapon.ammo} left)`,
        { seat, weapon: step.weapon, ammo: weapon.ammo },
      );
    }
    return null;
  },
};

/** The words of the shooter's question, from what everyone has seen of the roll. */
export function shotQuestionText(game: Game, step: ShootStep): string {
  const name = weaponName(game, step.weapon);
  const rolled = faceWords(step.rolled!);
  return step.asking === 'reroll'
    ? `you rolled ${rolled} with the ${name}: roll again (option 0), or keep it (done)?`
    : `you rolled ${rolled} with the ${name}: spend one more ammo for +1 Injury (option 0), or not (done)?`;
}
