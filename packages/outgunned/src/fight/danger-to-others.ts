import { snakeEyes } from '../dice/gamble.js';
import type { Roll } from '../dice/reroll.js';
import { type EventLog, say } from './events.js';
import { heroLosesGrit } from './grit.js';
import type { Hero } from './heroes.js';
import type { FightState } from './state.js';

/**
 * A danger to others. Shooting at an Enemy in Melee with friends makes the
 * roll a Gamble at their expense: each 1 rolled fills a Grit box of every
 * friend in that Melee. Explosive weapons at Melee or Close make it a
 * Gamble for the shooter too. Counted once all re-rolls are done.
 */
export function resolveGamble(
  state: FightState,
  shooter: Hero,
  roll: Roll,
  friends: readonly string[],
  shooterToo: boolean,
  events: EventLog,
): void {
  if (friends.length === 0 && !shooterToo) return;
  const ones = snakeEyes(roll.dice, roll.setAside);
  say(events, 'gamble', `Gamble: ${ones} Snake Eye${ones === 1 ? '' : 's'} (1)`, {
    hero: shooter.seat,
    ones,
  });
  if (ones === 0) return;
  if (shooterToo) heroLosesGrit(state, shooter, ones, null, events, 'caught in the blast');
  for (const seat of friends) {
    const friend = state.heroes.find((hero) => hero.seat === seat);
    if (friend)
      heroLosesGrit(state, friend, ones, null, events, `bullets whizzing by from ${shooter.name}`);
  }
}
