import type { Seat } from '@tabletop/engine';
import type { Condition, Effect, HeavyObject } from '../content/effects.js';
import type { Tables } from '../content/tables.js';
import { mentions } from '../effects/condition-reading.js';
import type { NemesisView, PlayerView } from '../views/view.js';
import type { NemesisAction } from '../vocabulary/actions.js';

/**
 * What the sensible bot does for a team (the cooperative variant) and for
 * the shared Solo/Co-op cards, from its seat's view alone:
 * - the Objectives it works toward are the team's, face up for all;
 * - it sends the Signals the cards ask for, the lowest seats first, so two
 *   cards needing two Signals get two senders and nobody walks for a third;
 * - it carries things where the cards or the AutoDoc want them: a dead
 *   teammate's Corpse to a working Emergency Room, the blue Corpse to the
 *   Surgery;
 * - for No Man Left Behind it shares the unexplored rooms out among the
 *   teammates fit to explore (`roomsToExplore`);
 * - it never uses an effect that costs a teammate cards or wounds.
 */

/** The Objectives the bot works toward: the team's in the cooperative variant, else its own. */
export function objectivesPursued(view: NemesisView): string[] {
  return view.teamObjectives ?? view.you?.objectives ?? [];
}

function pursuedConditions(tables: Tables, view: NemesisView): Condition[] {
  return objectivesPursued(view).flatMap((objective) => {
    const requirement = tables.objectives.get(objective)?.requirement;
    return requirement ? [requirement] : [];
  });
}

/**
 * Whether this bot should send a Signal: only outside the standard game
 * (where the sensible bot keeps to surviving), when the cards pursued still
 * need senders and this seat is among the lowest seats alive that have not
 * sent one yet.
 */
export function signalWanted(tables: Tables, view: NemesisView, seat: Seat): boolean {
  if (view.mode === 'standard') return false;
  const me = view.players.find((player) => player.seat === seat);
  if (!me || me.signal) return false;
  const needed = pursuedConditions(tables, view).filter((condition) =>
    mentions(condition, 'signal-sent'),
  ).length;
  const sent = view.players.filter((player) => player.signal).length;
  const senders = view.players
    .filter((player) => player.status === 'active' && !player.signal)
    .map((player) => player.seat);
  return senders.indexOf(seat) >= 0 && senders.indexOf(seat) < needed - sent;
}

/** Whether the cards pursued ask for every room explored and some room is not explored yet. */
export function explorationWanted(tables: Tables, view: NemesisView): boolean {
  return everyRoomPursued(tables, view) && view.rooms.some((room) => !room.explored);
}

/** Whether the cards pursued ask for every room explored (No Man Left Behind), outside the standard game. */
export function everyRoomPursued(tables: Tables, view: NemesisView): boolean {
  if (view.mode === 'standard') return false;
  return pursuedConditions(tables, view).some((condition) =>
    mentions(condition, 'every-room-explored'),
  );
}

/** The fewest moves from a room to the nearest of some rooms; infinite when cut off. */
export type Steps = (from: number, rooms: ReadonlySet<number>) => number;

/**
 * The unexplored rooms a teammate is to explore, for No Man Left Behind:
 * the explorers (the teammates fit for it, in seat order) claim one room
 * each in turn, every one the unexplored room nearest the last it claimed
 * (its own room at first, the lowest number on a tie), until no room left
 * is within anyone's reach. The view is public and the share-out
 * deterministic, so each teammate works out the same one and nobody walks
 * to a room another has claimed.
 */
export function roomsToExplore(
  view: NemesisView,
  seat: Seat,
  explorers: readonly PlayerView[],
  steps: Steps,
): Set<number> {
  const left = new Set(view.rooms.filter((room) => !room.explored).map((room) => room.number));
  const at = new Map(explorers.map((explorer) => [explorer.seat, explorer.room]));
  const claimed = new Set<number>();
  for (let claiming = true; claiming && left.size > 0; ) {
    claiming = false;
    for (const explorer of explorers) {
      const room = nearest(at.get(explorer.seat)!, left, steps);
      if (room === null) continue;
      left.delete(room);
      at.set(explorer.seat, room);
      if (explorer.seat === seat) claimed.add(room);
      claiming = true;
    }
  }
  return claimed;
}

function nearest(from: number, rooms: ReadonlySet<number>, steps: Steps): number | null {
  let best: number | null = null;
  let fewest = Number.POSITIVE_INFINITY;
  for (const room of [...rooms].sort((one, other) => one - other)) {
    const far = steps(from, new Set([room]));
    if (far < fewest) {
      best = room;
      fewest = far;
    }
  }
  return best;
}

/** Whether the cards pursued want an Egg carried out (Special Delivery) and no teammate holds one yet. */
export function eggWanted(tables: Tables, view: NemesisView): boolean {
  if (view.mode === 'standard') return false;
  // One Egg carried out serves the whole team.
  if (view.players.some((player) => player.status !== 'dead' && player.carried.includes('egg')))
    return false;
  return pursuedConditions(tables, view).some((condition) => carriesEgg(condition));
}

function carriesEgg(condition: Condition): boolean {
  if (condition.kind === 'carries') return condition.object === 'egg';
  if (condition.kind === 'all' || condition.kind === 'any') return condition.of.some(carriesEgg);
  return false;
}

/** An object to bring somewhere, and the rooms that count as there. */
export interface Delivery {
  object: HeavyObject;
  to: ReadonlySet<number>;
}

function roomsOfTile(view: NemesisView, tile: string, working: boolean): Set<number> {
  return new Set(
    view.rooms
      .filter(
        (room) =>
          room.tile === tile &&
          (!working ||
            (!room.malfunction &&
              !view.intruders.some((intruder) => intruder.room === room.number))),
      )
      .map((room) => room.number),
  );
}

function liesIn(condition: Condition): Extract<Condition, { kind: 'object-lies-in' }>[] {
  if (condition.kind === 'object-lies-in') return [condition];
  if (condition.kind === 'all' || condition.kind === 'any') return condition.of.flatMap(liesIn);
  return [];
}

/** The dead a Corpse could still bring back through the AutoDoc. */
function revivable(view: NemesisView): PlayerView[] {
  return view.players.filter((player) => player.status === 'dead' && !player.death?.noCorpse);
}

/**
 * The deliveries of a view, worked out once: one decision asks for them
 * several times (to drop, to pick up, where to walk).
 */
const deliveriesOf = new WeakMap<NemesisView, { tables: Tables; wanted: readonly Delivery[] }>();

/** What the team wants carried where, as the board stands. */
export function deliveries(tables: Tables, view: NemesisView): readonly Delivery[] {
  const known = deliveriesOf.get(view);
  if (known?.tables === tables) return known.wanted;
  const wanted = deliveriesWanted(tables, view);
  deliveriesOf.set(view, { tables, wanted });
  return wanted;
}

function deliveriesWanted(tables: Tables, view: NemesisView): Delivery[] {
  const wanted: Delivery[] = [];
  if (view.mode === 'cooperative' && revivable(view).length > 0) {
    const autoDocs = roomsOfTile(view, 'emergency-room', true);
    if (autoDocs.size > 0) wanted.push({ object: 'corpse', to: autoDocs });
  }
  for (const condition of pursuedConditions(tables, view).flatMap(liesIn)) {
    const rooms = roomsOfTile(view, condition.room, false);
    if (rooms.size > 0) wanted.push({ object: condition.object, to: rooms });
  }
  return wanted;
}

/** Objects the bot keeps in hand for a delivery not yet made. */
export function objectsToDeliver(tables: Tables, view: NemesisView, me: PlayerView): HeavyObject[] {
  return deliveries(tables, view)
    .filter((delivery) => !delivery.to.has(me.room))
    .map((delivery) => delivery.object);
}

/** A delivery the bot carries and has brought home: dropped here, it counts (the AutoDoc takes it too). */
export function deliveryToDrop(
  tables: Tables,
  view: NemesisView,
  me: PlayerView,
): HeavyObject | null {
  const done = deliveries(tables, view).find(
    (delivery) => delivery.to.has(me.room) && me.carried.includes(delivery.object),
  );
  return done?.object ?? null;
}

/** An object lying here that a delivery wants, not at its place yet and not carried already. */
export function deliveryToPickUp(
  tables: Tables,
  view: NemesisView,
  me: PlayerView,
): HeavyObject | null {
  const here = view.rooms[me.room - 1]?.objects ?? [];
  const wanted = deliveries(tables, view).find(
    (delivery) =>
      !delivery.to.has(me.room) &&
      here.includes(delivery.object) &&
      !me.carried.includes(delivery.object),
  );
  return wanted?.object ?? null;
}

/**
 * Where deliveries call the bot: the places of what it carries; else the
 * rooms where a wanted object lies away from its place. Null when none is
 * within reach (`reaches` says whether a set of rooms can be walked to).
 */
export function deliveryGoal(
  tables: Tables,
  view: NemesisView,
  me: PlayerView,
  reaches: (rooms: ReadonlySet<number>) => boolean,
): Set<number> | null {
  const wanted = deliveries(tables, view);
  for (const delivery of wanted)
    if (me.carried.includes(delivery.object) && reaches(delivery.to)) return new Set(delivery.to);
  const lying = new Set<number>();
  for (const delivery of wanted) {
    if (!reaches(delivery.to)) continue;
    for (const room of view.rooms)
      if (room.objects.includes(delivery.object) && !delivery.to.has(room.number))
        lying.add(room.number);
  }
  return lying.size > 0 && reaches(lying) ? lying : null;
}

/** Effects that cost another character cards or wounds. */
function harmsOthers(effect: Effect): boolean {
  switch (effect.kind) {
    case 'discard-action-cards':
    case 'suffer-wounds':
      return effect.who !== 'self';
    case 'blast':
      return effect.characters.serious > 0;
    case 'choose-room':
      return harmsOthers(effect.effect);
    case 'sequence':
      return effect.steps.some(harmsOthers);
    case 'choice':
      return effect.options.some(harmsOthers);
    case 'only-if':
    case 'optional':
      return harmsOthers(effect.effect);
    default:
      return false;
  }
}

function itemHarmsOthers(tables: Tables, item: string): boolean {
  const facts = tables.items.get(item);
  return (facts?.uses ?? []).some((use) => 'effect' in use && harmsOthers(use.effect));
}

/** Whether a living teammate stands in this room or in one a corridor joins to it (a grenade's reach). */
function teammateNear(view: NemesisView, seat: Seat, room: number): boolean {
  const near = new Set([room]);
  for (const corridor of view.corridors)
    if (corridor.ends.includes(room)) for (const end of corridor.ends) near.add(end);
  return view.players.some(
    (player) => player.seat !== seat && player.status === 'active' && near.has(player.room),
  );
}

function teammateInReach(view: NemesisView, seat: Seat): boolean {
  if (view.mode !== 'cooperative') return false;
  const me = view.players.find((player) => player.seat === seat);
  return me !== undefined && teammateNear(view, seat, me.room);
}

/**
 * The bot's view with the items that would hurt a teammate in reach put out
 * of its mind: no plan of its own then reaches for them.
 */
export function sparingView(tables: Tables, view: NemesisView, seat: Seat): NemesisView {
  const you = view.you;
  if (!you || !teammateInReach(view, seat)) return view;
  const items = you.items.filter((item) => !itemHarmsOthers(tables, item));
  return items.length === you.items.length ? view : { ...view, you: { ...you, items } };
}

/**
 * In the cooperative variant, with a teammate in reach: the answers that
 * would cost that teammate cards or wounds go (an item's use, a card, one
 * option of an effect). The rest stays; with nothing left, all of it.
 */
export function sparingTeammates(
  tables: Tables,
  view: NemesisView,
  seat: Seat,
  legal: NemesisAction[],
): NemesisAction[] {
  if (!teammateInReach(view, seat)) return legal;
  const effect = view.you?.effect?.effect;
  const kept = legal.filter((action) => {
    if (action.type === 'item') return !itemHarmsOthers(tables, action.item);
    if (action.type === 'card') {
      const play = tables.actionCards.get(action.card)?.play;
      return !(play && harmsOthers(play));
    }
    if (action.type === 'option' && effect?.kind === 'choice') {
      const option = effect.options[action.option];
      return !(option && harmsOthers(option));
    }
    return true;
  });
  return kept.length > 0 ? kept : legal;
}
