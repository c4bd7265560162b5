import type { Condition, Effect } from '../content/effects.js';
import type { ActionCardFacts, Tables } from '../content/tables.js';
import { type Guard, readCondition } from '../effects/condition-reading.js';
import { conditionFactsOfView } from '../views/condition-facts.js';
import { hiddenContamination, type NemesisView, type PlayerView } from '../views/view.js';

/**
 * What the sensible bot knows of its Action cards, read from the pack and
 * its seat's view: which card can do what where it stands, and which cards
 * it would rather keep than pay with. A card's combat icon, its cost and
 * its conditions (a Computer in the room, a loaded weapon) are all public.
 */

export function isContaminationCard(tables: Tables, card: string): boolean {
  return card === hiddenContamination || tables.contamination.has(card);
}

/** Action cards in hand that can pay a cost: Contamination cards never pay. */
export function payingCards(tables: Tables, view: NemesisView): number {
  return view.you!.hand.filter((card) => !isContaminationCard(tables, card)).length;
}

/** A card's conditions as the view shows them; a condition the bot cannot read counts as unmet. */
export function holdsInView(
  tables: Tables,
  view: NemesisView,
  me: PlayerView,
  condition: Condition,
): boolean {
  const guard = (guarding: Guard) => guardInView(tables, view, me, guarding);
  return readCondition(conditionFactsOfView(tables, view, me, me.items, guard), condition) === true;
}

/** The guards the bot reads from its room and weapons; the others count as unmet. */
function guardInView(tables: Tables, view: NemesisView, me: PlayerView, condition: Guard): boolean {
  switch (condition.kind) {
    case 'has-ammo':
      return me.weapons.some((weapon) => weapon.ammo > 0);
    case 'room-has': {
      const room = view.rooms[me.room - 1];
      const tile = room?.tile ? tables.roomTiles.get(room.tile) : undefined;
      if (!room || !tile) return false;
      switch (condition.property) {
        case 'computer':
          return tile.computer && !room.malfunction;
        case 'cockpit':
          return tile.cockpit;
        case 'engine':
          return tile.engine !== null;
        case 'evac-section':
          return tile.section !== null;
        case 'technical-entrance':
          return (tables.exits[me.room] ?? []).some((exit) => exit.corridor === 'technical');
      }
      return false;
    }
    default:
      return false;
  }
}

/** Whether playing this effect here can do this kind of effect: its choices, steps and met conditions. */
export function reaches(
  tables: Tables,
  view: NemesisView,
  me: PlayerView,
  effect: Effect,
  kind: Effect['kind'],
): boolean {
  // The bot wants the Room Action of its own room; another room's (Intranet) serves it no plan.
  if (effect.kind === kind) return effect.kind !== 'free-room-action' || effect.room === 'own';
  switch (effect.kind) {
    case 'choice':
      return effect.options.some((option) => reaches(tables, view, me, option, kind));
    case 'sequence':
      return effect.steps.some((step) => reaches(tables, view, me, step, kind));
    case 'only-if':
      return (
        holdsInView(tables, view, me, effect.condition) &&
        reaches(tables, view, me, effect.effect, kind)
      );
    case 'optional':
      return reaches(tables, view, me, effect.effect, kind);
    default:
      return false;
  }
}

/** The card's facts when it is played by the play-card action at all: not an interrupt, not a plain Search. */
function playedAsAction(tables: Tables, card: string): ActionCardFacts | null {
  const facts = tables.actionCards.get(card);
  if (!facts?.play || facts.interrupt) return null;
  if (facts.play.kind === 'search' && facts.play.evenWhenEmpty !== true) return null;
  return facts;
}

/**
 * The cards of the hand that can do this kind of effect here and now, the
 * cheapest first: the combat icon allows it, the conditions hold, and the
 * rest of the hand pays its cost.
 */
export function cardsFor(
  tables: Tables,
  view: NemesisView,
  me: PlayerView,
  fighting: boolean,
  kind: Effect['kind'],
): ActionCardFacts[] {
  const paying = payingCards(tables, view);
  const found: ActionCardFacts[] = [];
  for (const card of new Set(view.you!.hand)) {
    const facts = playedAsAction(tables, card);
    if (!facts || facts.cost + 1 > paying) continue;
    if (facts.combat === (fighting ? 'out-of-combat' : 'in-combat')) continue;
    if (!kindsOf(facts.play!).has(kind)) continue;
    if (reaches(tables, view, me, facts.play!, kind)) found.push(facts);
  }
  return found.sort((first, second) => first.cost - second.cost);
}

/** The cheapest card for this kind of effect, or null. */
export function cardFor(
  tables: Tables,
  view: NemesisView,
  me: PlayerView,
  fighting: boolean,
  kind: Effect['kind'],
): ActionCardFacts | null {
  return cardsFor(tables, view, me, fighting, kind)[0] ?? null;
}

/**
 * How much the bot would rather keep a card than pay with it: the cards
 * that take it out of a fight unharmed or mend its way out first, then
 * those that shoot better, search or heal its deck; the rest (Demolition,
 * Order, the interrupts it never plays in its turn) pay first.
 */
export function keepWorth(tables: Tables, card: string): number {
  const play = tables.actionCards.get(card)?.play;
  if (!play) return 0;
  const kinds = kindsOf(play);
  if (kinds.has('leave-room') && play.kind === 'only-if') return 5;
  if (kinds.has('remove-malfunction')) return 4;
  if (kinds.has('free-room-action')) return 3;
  if (kinds.has('shoot') || kinds.has('search')) return 3;
  if (kinds.has('scan-contamination') || kinds.has('reload')) return 2;
  if (kinds.has('move') || kinds.has('draw-action-cards')) return 1;
  return 0;
}

/** Each card's kinds of effect, worked out once: the pack never changes. */
const kindsOfPlay = new WeakMap<Effect, ReadonlySet<Effect['kind']>>();

function kindsOf(play: Effect): ReadonlySet<Effect['kind']> {
  let kinds = kindsOfPlay.get(play);
  if (!kinds) {
    kinds = kindsIn(play);
    kindsOfPlay.set(play, kinds);
  }
  return kinds;
}

function kindsIn(effect: Effect, into = new Set<Effect['kind']>()): Set<Effect['kind']> {
  into.add(effect.kind);
  if (effect.kind === 'choice') for (const option of effect.options) kindsIn(option, into);
  if (effect.kind === 'sequence') for (const step of effect.steps) kindsIn(step, into);
  if (effect.kind === 'only-if' || effect.kind === 'optional') kindsIn(effect.effect, into);
  return into;
}
