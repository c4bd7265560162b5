import type { Condition, HeavyObject } from '../content/effects.js';
import type { Tables } from '../content/tables.js';
import { handSlots } from '../items/hand-slots.js';
import { objectsNamed, researchedAs } from '../objects/object-kinds.js';
import type { NemesisView, PlayerView } from '../views/view.js';
import { deliveries, objectivesPursued } from './sensible-teamwork.js';

/**
 * What the sensible bot knows of Weakness research, from its seat's view:
 * which Weaknesses its Objectives still need, which objects at hand would
 * reveal one, and whether its hands can carry one more object. A Weakness
 * slot's object is printed on the Intruder board and a revealed card lies
 * face up, so all of it is public.
 */

/** The objects whose Weakness slot is still face down. */
export function faceDownWeaknesses(tables: Tables, view: NemesisView): HeavyObject[] {
  return tables.weaknessSlots.flatMap((slot, index) =>
    view.weaknesses[index] === null ? [slot] : [],
  );
}

/** The objects whose research would bring this condition nearer, as the board stands. */
function objectsServing(tables: Tables, view: NemesisView, condition: Condition): HeavyObject[] {
  switch (condition.kind) {
    case 'all':
    case 'any':
      return condition.of.flatMap((inner) => objectsServing(tables, view, inner));
    case 'weaknesses-revealed': {
      const revealed = view.weaknesses.filter((weakness) => weakness !== null).length;
      return revealed < condition.atLeast ? faceDownWeaknesses(tables, view) : [];
    }
    case 'weakness-revealed': {
      return faceDownWeaknesses(tables, view).includes(condition.slot) ? [condition.slot] : [];
    }
    default:
      return [];
  }
}

/** The objects whose research one of the bot's Objectives still needs (Ab Ovo, Necroscopy...). */
export function weaknessesSought(tables: Tables, view: NemesisView): Set<HeavyObject> {
  const sought = new Set<HeavyObject>();
  for (const objective of objectivesPursued(view)) {
    const requirement = tables.objectives.get(objective)?.requirement;
    if (requirement)
      for (const object of objectsServing(tables, view, requirement)) sought.add(object);
  }
  return sought;
}

function objectsCarriedFor(condition: Condition): HeavyObject[] {
  if (condition.kind === 'all' || condition.kind === 'any')
    return condition.of.flatMap(objectsCarriedFor);
  return condition.kind === 'carries' ? [...objectsNamed[condition.object]] : [];
}

/** The objects the bot keeps in hand: those still to research or deliver, those an Objective wants carried. */
export function objectsNeeded(tables: Tables, view: NemesisView): Set<HeavyObject> {
  const needed = weaknessesSought(tables, view);
  for (const delivery of deliveries(tables, view)) needed.add(delivery.object);
  for (const objective of objectivesPursued(view)) {
    const requirement = tables.objectives.get(objective)?.requirement;
    if (requirement) for (const object of objectsCarriedFor(requirement)) needed.add(object);
  }
  return needed;
}

/** Objects lying in the bot's room or carried by it whose Weakness is still face down. */
export function researchableHere(tables: Tables, view: NemesisView, me: PlayerView): HeavyObject[] {
  const present = new Set(
    [...(view.rooms[me.room - 1]?.objects ?? []), ...me.carried].map(researchedAs),
  );
  return faceDownWeaknesses(tables, view).filter((object) => present.has(object));
}

/** Hand slots left for one more object: an undressed Arm wound leaves one, taped Heavy Items share one. */
export function freeHandSlots(tables: Tables, me: PlayerView): number {
  let slots = handSlots;
  for (const wound of me.seriousWounds) {
    const effect =
      wound.dressed || !wound.card ? null : tables.seriousWounds.get(wound.card)?.effect;
    if (effect?.kind === 'hand-slots') slots = Math.min(slots, effect.slots);
  }
  return slots - (me.carried.length + me.heavyItems.length - me.taped.length);
}
