import { gritLostFromUnits } from '../dice/damage-control.js';
import { successesAtTier, unitsFromImpossibleSets, unitsNeeded } from '../dice/difficulty.js';
import { unitsOf } from '../dice/successes.js';
import { jackpotTakesOut, missedShot } from './attack.js';
import { type EventLog, say } from './events.js';
import { actionsOnly, offerExtras } from './extra-successes.js';
import { enemyLosesGrit, heroLosesGrit, takeOut } from './grit.js';
import type { Hero } from './heroes.js';
import type { AttackPurpose, FightState, RollInProgress } from './state.js';
import { findEnemy } from './state.js';

/**
 * Brawl: one Dangerous Action Roll against the Enemy's Attack settles both
 * sides. Each success at the Attack tier lands a blow (1 Grit), up to the
 * number the Attack asks for (two for a double Attack: one success means
 * both sides hit); what the roll lacks, the Hero loses, less Damage Control.
 * Successes beyond that are extras for actions.
 */
export function resolveBrawlBlow(
  state: FightState,
  hero: Hero,
  rolling: RollInProgress,
  events: EventLog,
): void {
  const purpose = rolling.purpose as AttackPurpose;
  const enemy = findEnemy(state, purpose.enemy)!;
  const dice = rolling.roll.dice;
  const successes = successesAtTier(dice, enemy.attack.tier, state.rules);
  const wanted = enemy.attack.double ? 2 : 1;
  const blows = Math.min(successes, wanted);
  if (blows === 0) {
    say(events, 'miss', `${hero.name} lands no blow on ${enemy.name}`, {
      hero: hero.seat,
      enemy: enemy.id,
    });
    missedShot(state, hero, purpose.weapon, events);
  } else if (jackpotTakesOut(state, dice)) {
    takeOut(state, enemy, events, `${hero.name}'s Jackpot`);
  } else {
    enemyLosesGrit(
      state,
      enemy,
      blows,
      events,
      `${hero.name} lands ${blows === 1 ? 'a blow' : `${blows} blows`}`,
    );
  }
  const loss = gritLostFromUnits(
    unitsOf(dice),
    unitsFromImpossibleSets(dice),
    enemy.attack,
    state.rules,
  );
  if (loss === 0) say(events, 'unhurt', `${hero.name} takes no blow`, { hero: hero.seat });
  else heroLosesGrit(state, hero, loss, rolling.attribute, events, `${enemy.name} hits back`);
  const extras = unitsOf(dice) - unitsNeeded(enemy.attack);
  if (extras > 0 && hero.status === 'fighting') offerExtras(state, hero.seat, extras, actionsOnly);
}
