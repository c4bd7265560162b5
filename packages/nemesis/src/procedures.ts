import { bagDevelopment } from './bag-development.js';
import { chooseCharacter } from './draft.js';
import { encounter } from './encounter.js';
import { escape as escapeFromCombat } from './escape.js';
import { eventCard, intruderMovement } from './event-card.js';
import { eventPhase, intruderAttacks } from './event-phase.js';
import { explore } from './exploration.js';
import { fireDamage } from './fire-damage.js';
import { firstEncounter } from './first-encounter.js';
import { intruderAttack } from './intruder-attack.js';
import { intruderInjured, retreat } from './intruder-injury.js';
import { melee } from './melee.js';
import { move } from './movement.js';
import { noiseRoll } from './noise-roll.js';
import { playerPhase, playerTurn } from './player-phase.js';
import type { ProcedureTable } from './procedure.js';
import { shoot } from './shoot.js';
import { timeTrack } from './time-track.js';

/** Each kind of step and the rule that resolves it. */
export const procedures: ProcedureTable = {
  'choose-character': chooseCharacter,
  'player-phase': playerPhase,
  'player-turn': playerTurn,
  'event-phase': eventPhase,
  'time-track': timeTrack,
  'intruder-attacks': intruderAttacks,
  'fire-damage': fireDamage,
  'event-card': eventCard,
  'bag-development': bagDevelopment,
  move,
  escape: escapeFromCombat,
  explore,
  'noise-roll': noiseRoll,
  encounter,
  'intruder-attack': intruderAttack,
  'first-encounter': firstEncounter,
  shoot,
  melee,
  'intruder-injured': intruderInjured,
  retreat,
  'intruder-movement': intruderMovement,
};
