import { snakeEyes } from '../dice/gamble.js';
import type { Roll } from '../dice/reroll.js';
import { type EventLog, say } from './events.js';
import { heroLosesGrit } from './grit.js';
import type { Hero } from './heroes.js';
import type { FightState, Gamble } from './state.js';

/**
 * Gambles, counted once all re-rolls are done: each 1 rolled fills a Grit
 * box. A danger to others: shooting at an Enemy in Melee with friends makes
 * the roll a Gamble at their expense, every friend in that Melee paying.
 * Going all out, or using an explosive, makes it a Gamble for the roller.
 */
export function resolveGamble(
  state: FightState,
  shooter: Hero,
  roll: Roll,
  gamble: Gamble,
  events: EventLog,
): void {
  const { friends, self: shooterToo } = gamble;
  if (friends.length === 0 && !shooterToo) return;
  const ones = snakeEyes(roll.dice, roll.setAside);
  say(events, 'gamble', `Gamble: ${ones} Snake Eye${ones === 1 ? '' : 's'} (1)`, {
    hero: shooter.seat,
    ones,
  });
  if (ones === 0) return;
  if (shooterToo) heroLosesGrit(state, shooter, ones, null, events, 'the Gamble');
  for (const seat of friends) {
    const friend = state.heroes.find((hero) => hero.seat === seat);
    if (friend)
      heroLosesGrit(state, friend, ones, null, events, `bullets whizzing by from ${shooter.name}`);
  }
}
