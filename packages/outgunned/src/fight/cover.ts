import { type EventLog, say } from './events.js';
import type { Cover, Hero } from './heroes.js';
import { type Refusal, refusal } from './refusal.js';

/**
 * Cover. Partial: +1 to Reaction Rolls, -1 to Action Rolls; reached or left
 * with a Quick Action. Total: Reaction Rolls succeed automatically, -3 to
 * Action Rolls; reached with the whole turn or an extra Full Action (extra
 * Critical), left with a Quick Action.
 */
export function actionPenalty(cover: Cover): number {
  return cover === 'partial' ? 1 : cover === 'total' ? 3 : 0;
}

export function reactionBonus(cover: Cover): number {
  return cover === 'partial' ? 1 : 0;
}

export function reactionIsAutomatic(cover: Cover): boolean {
  return cover === 'total';
}

export function checkReachPartialCover(hero: Hero): Refusal | null {
  if (hero.cover !== 'none')
    return refusal('already-in-cover', `${hero.name} is already in ${hero.cover} cover`);
  return null;
}

export function checkLeaveCover(hero: Hero): Refusal | null {
  if (hero.cover === 'none') return refusal('not-in-cover', `${hero.name} is not in cover`);
  return null;
}

export function checkTakeTotalCover(hero: Hero): Refusal | null {
  if (hero.cover === 'total')
    return refusal('already-in-cover', `${hero.name} is already in total cover`);
  return null;
}

export function checkPushFriend(
  hero: Hero,
  friend: Hero | undefined,
  cover: Cover,
): Refusal | null {
  if (friend === undefined || friend === hero) {
    return refusal('unknown-friend', 'name a friend (another Hero) to push into cover');
  }
  if (friend.status !== 'fighting')
    return refusal('friend-down', `${friend.name} is out of the fight`);
  if (cover === 'partial' && friend.cover !== 'none') {
    return refusal('already-in-cover', `${friend.name} is already in ${friend.cover} cover`);
  }
  if (cover === 'total' && friend.cover === 'total') {
    return refusal('already-in-cover', `${friend.name} is already in total cover`);
  }
  return null;
}

export function takeCover(hero: Hero, cover: Cover, events: EventLog, how: string): void {
  hero.cover = cover;
  const text =
    cover === 'none' ? `${hero.name} leaves cover` : `${hero.name} gets into ${cover} cover`;
  say(events, 'cover', `${text} (${how})`, { hero: hero.seat, cover });
}
