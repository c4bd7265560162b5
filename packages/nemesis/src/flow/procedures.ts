import { escape as escapeFromCombat } from '../combat/escape.js';
import { melee } from '../combat/melee.js';
import { shoot } from '../combat/shoot.js';
import { encounter } from '../encounters/encounter.js';
import { firstEncounter } from '../encounters/first-encounter.js';
import { bagDevelopment } from '../event-phase/bag-development.js';
import { eventCard, intruderMovement } from '../event-phase/event-card.js';
import { eventPhase, intruderAttacks } from '../event-phase/event-phase.js';
import { fireDamage } from '../event-phase/fire-damage.js';
import { timeTrack } from '../event-phase/time-track.js';
import { intruderAttack } from '../intruders/intruder-attack.js';
import { intruderInjured, retreat } from '../intruders/intruder-injury.js';
import { explore } from '../movement/exploration.js';
import { move } from '../movement/movement.js';
import { noiseRoll } from '../movement/noise-roll.js';
import { playerPhase, playerTurn } from '../player-phase/player-phase.js';
import { chooseCharacter } from '../setup/draft.js';
import type { ProcedureTable } from './procedure.js';

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
