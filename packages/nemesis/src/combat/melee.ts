import type { IntruderKind } from '../content/effects.js';
import type { CombatFace } from '../content/schema.js';
import { giveContamination } from '../intruders/intruder-attack.js';
import { injureIntruder } from '../intruders/intruder-injury.js';
import { capitalised, intruderById } from '../intruders/intruders.js';
import { faceWeaknessesAgainst, weaknessApplies } from '../intruders/weaknesses.js';
import { basicActionCost, cannotPay, payCost, payment } from '../player-phase/costs.js';
import type { PlayerAction } from '../player-phase/player-action.js';
import { rollCombatDie } from '../vocabulary/dice.js';
import { announce, characterName, type Game, playerOf } from '../vocabulary/game.js';
import type { Procedure } from '../vocabulary/procedure.js';
import { type MeleeStep, schedule } from '../vocabulary/steps.js';
import {
  attackEggs,
  checkCombatTarget,
  combatTarget,
  injuriesFromFace,
  nothingToAttack,
} from './shoot.js';
import { faceWords } from './weapon-rules.js';
import { sufferSeriousWounds } from './wounds.js';

/**
 * Melee Attack (1 card): fighting hand to hand first costs a Contamination
 * card, put in the Action discard pile. Then the Combat die is read as for
 * Shoot, except that two crosshairs still deal a single injury, and a miss
 * (whatever the reason) costs the attacker a Serious Wound. It is the same
 * Combat die roll, so a revealed Weakness that reads a face as another
 * (Vital Places) holds here as in a shot.
 *
 * Against loose eggs there is no Contamination card and no wound on a miss;
 * each injury breaks an egg, and a Noise roll follows every attempt.
 */
export const meleeAction: PlayerAction<'melee'> = {
  type: 'melee',
  countsAsAction: true,
  unavailable: (game, player) =>
    nothingToAttack(game, player) ?? cannotPay(game, player, basicActionCost),
  questions: [combatTarget, payment(() => basicActionCost)],
  perform(game, player, chosen) {
    payCost(player, chosen.cards);
    schedule(game.state.stack, { kind: 'melee', seat: player.seat, target: chosen.target! });
  },
};

/**
 * The face a Melee roll is read as: the face rolled, unless a revealed
 * Weakness reads it as another against this Intruder (Vital Places).
 */
function meleeFace(
  game: Game,
  rolled: CombatFace,
  target: IntruderKind,
): { counted: CombatFace; notes: string[] } {
  let counted = rolled;
  const notes: string[] = [];
  for (const rule of faceWeaknessesAgainst(game, target)) {
    if (rule.from !== rolled) continue;
    counted = rule.to;
    weaknessApplies(game, rule, `${faceWords(rule.from)} counts as ${faceWords(rule.to)}`);
    notes.push(`${faceWords(rule.from)} counts as ${faceWords(rule.to)}`);
  }
  return { counted, notes };
}

export const melee: Procedure<MeleeStep> = {
  resolve(game, step) {
    const player = playerOf(game.state, step.seat);
    if (player?.status !== 'active' || checkCombatTarget(game, player, step.target)) return 'done';
    if (step.target === 'eggs') {
      const face = rollCombatDie(game);
      const injuries = injuriesFromFace(face, 'egg', 'melee');
      announce(
        game,
        'melee',
        `${characterName(game, player)} attacks the eggs hand to hand: ${face}`,
        {
          seat: player.seat,
          target: 'eggs',
          face,
          injuries,
        },
      );
      attackEggs(game, player, injuries);
      return 'done';
    }
    giveContamination(game, player, 1);
    const intruder = intruderById(game, step.target)!;
    const face = rollCombatDie(game);
    const { counted, notes } = meleeFace(game, face, intruder.kind);
    const injuries = injuriesFromFace(counted, intruder.kind, 'melee');
    const weakness = notes.length > 0 ? ` (${notes.join('; ')})` : '';
    announce(
      game,
      'melee',
      `${characterName(game, player)} attacks ${capitalised(intruder.kind)} #${intruder.id} hand to hand: ${face}, ${injuries === 0 ? 'a miss' : '1 injury'}${weakness}`,
      { seat: player.seat, target: intruder.id, face, counted, injuries, rules: notes },
    );
    if (injuries === 0) sufferSeriousWounds(game, player, 1, 'a missed melee attack');
    else injureIntruder(game, intruder, injuries);
    return 'done';
  },
};
