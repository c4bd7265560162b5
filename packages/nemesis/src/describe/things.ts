import type { Entry } from '@tabletop/engine';
import type { NemesisView, PlayerView, WeaponView } from '../views/view.js';
import { describeAction } from './action.js';
import { objectiveParts } from './condition.js';
import { coordinatesText, destinationName } from './destinations.js';
import { roomActionBlocked, roomActionText } from './effect.js';
import {
  capitalise,
  type Glossary,
  heavyItemsInHand,
  intruderName,
  objectName,
  objectWords,
  plural,
  seatName,
  statusWords,
} from './glossary.js';
import { type ThingKey, thingKey } from './keys.js';

/**
 * The words about each thing the reader's view shows in a state of its own:
 * a room and who is in it, a seat, a corridor, an Intruder, a pod, the
 * reader's own weapons, items and Objectives, the tracks. Read from the view
 * and the public reference alone, so nothing here is more than the reader
 * may see: another's hand or items, an unexplored tile another peeked.
 */
export function describeThings(
  view: NemesisView,
  glossary: Glossary,
  reference: ReadonlyMap<string, Entry>,
): Record<string, Entry> {
  const things: Record<string, Entry> = {};
  const put = (key: ThingKey, fields: Omit<Entry, 'key'>) => {
    things[key] = { key, ...fields };
  };
  /** The reference's words for a key, with this view's state over them. */
  const over = (key: ThingKey, fields: Partial<Omit<Entry, 'key'>>) => {
    const known = reference.get(key);
    if (!known) return;
    things[key] = { ...known, ...fields };
  };
  for (const player of view.players)
    put(thingKey('seat', player.seat), seatEntry(view, glossary, player));
  for (const room of view.rooms)
    put(thingKey('room', room.number), roomEntry(view, glossary, reference, room.number));
  for (const corridor of view.corridors) {
    const noise = corridor.noise ? 'a Noise marker' : 'no noise';
    put(thingKey('corridor', corridor.index), {
      name: `corridor ${corridor.ends[0]}-${corridor.ends[1]}`,
      kind: 'Corridor',
      text: `Joins rooms ${corridor.ends[0]} and ${corridor.ends[1]}; a Noise roll of ${glossary.tables.corridors[corridor.index]?.numbers.join(' or ') ?? '?'} from either end puts noise here.`,
      state: `${doorWords(corridor.door)}; ${noise}`,
      ...(corridor.door === 'open' ? {} : { see: [thingKey('token', `door-${corridor.door}`)] }),
    });
  }
  put(thingKey('corridor', 'technical'), {
    name: 'the Technical Corridors',
    kind: 'Corridor',
    text: 'Crawlways joining every room with an entrance to them; only Intruders travel them, and a noise there is shared by all those rooms.',
    state: view.technicalCorridorNoise ? 'a Noise marker' : 'no noise',
  });
  for (const intruder of view.intruders) {
    const kind = reference.get(thingKey('intruder-kind', intruder.kind));
    put(thingKey('intruder', intruder.id), {
      name: `${capitalise(intruder.kind)} #${intruder.id}`,
      kind: 'Intruder',
      text: kind?.text ?? capitalise(intruder.kind),
      state: `${capitalise(intruder.kind)}, ${plural(intruder.injuries, 'injury', 'injuries')}, in ${roomWords(view, glossary, intruder.room)}`,
      see: [thingKey('intruder-kind', intruder.kind)],
    });
  }
  for (const pod of view.pods) {
    const aboard = pod.occupants.map((seat) => seatName(view, glossary, seat));
    put(thingKey('pod', pod.number), {
      name: `Escape Pod ${pod.number}`,
      kind: 'Escape Pod',
      text: reference.get(thingKey('track', 'escape-pods'))?.text ?? 'An Escape Pod.',
      state: `Section ${pod.section}; ${pod.launched ? 'launched' : pod.locked ? 'locked' : 'unlocked'}; ${aboard.length > 0 ? `aboard: ${aboard.join(', ')}` : 'empty'} (${glossary.tables.pods.seats} seats)`,
      see: [thingKey('track', 'escape-pods')],
    });
  }
  engineEntries(view, reference).forEach((engine, index) => {
    things[thingKey('engine', index + 1)] = engine;
  });
  glossary.tables.weaknessSlots.forEach((slot, index) => {
    const card = view.weaknesses[index] ?? null;
    put(thingKey('weakness-slot', index), {
      name: `Weakness (${objectName(slot)})`,
      kind: 'Intruder Weakness',
      text: `Revealed by researching ${objectWords[slot]} in the Laboratory; once revealed, its rule holds for everyone.`,
      state: card ? `revealed: ${glossary.weakness(card)}` : 'face down',
      ...(card ? { see: [thingKey('weakness', card)] } : {}),
    });
  });
  const me = view.players.find((player) => player.seat === view.viewer);
  if (me && view.you) {
    for (const weapon of me.weapons)
      put(thingKey('weapon', weapon.id), weaponEntry(glossary, reference, me, weapon));
    const counts = new Map<string, number>();
    for (const item of view.you.items) counts.set(item, (counts.get(item) ?? 0) + 1);
    for (const [item, count] of counts) {
      const taped = me.taped.find((pair) => pair.includes(item));
      const partner = taped ? (taped[0] === item ? taped[1] : taped[0]) : null;
      const state = [
        count > 1 ? `${count} in your inventory` : 'in your inventory',
        partner ? `taped to the ${glossary.item(partner)}` : '',
        me.using === item ? 'in use now' : '',
      ].filter(Boolean);
      over(thingKey('item', item), { name: `the ${glossary.item(item)}`, state: state.join(', ') });
    }
    for (const objective of view.you.objectives)
      objectiveEntry(
        view,
        glossary,
        reference,
        things,
        me,
        view.you.items.length,
        objective,
        'yours',
      );
    for (const seen of view.you.objectivesSeen) {
      const owner = view.players.find((player) => player.seat === seen.seat);
      if (!owner) continue;
      for (const objective of seen.objectives)
        objectiveEntry(view, glossary, reference, things, owner, owner.items, objective, 'seen');
    }
  }
  // The cooperative variant's cards lie face up: everyone reads them, progress and all.
  view.teamObjectives?.forEach((objective, index) => {
    const holder = view.players[index];
    if (holder && !things[thingKey('objective', objective)])
      objectiveEntry(view, glossary, reference, things, holder, holder.items, objective, 'team');
  });
  tableThings(view, glossary, reference, things);
  if (me?.status === 'active')
    for (const type of actionsWeighed)
      over(thingKey('action', type), {
        // What this action would be for the reader now, from their hand, items and room.
        state: describeAction({ type }, view, glossary),
      });
  // At the end every Objective is turned face up.
  for (const fate of view.over?.victory.fates ?? []) {
    const owner = view.players.find((player) => player.seat === fate.seat);
    if (!owner) continue;
    for (const objective of fate.objectives)
      if (!things[thingKey('objective', objective)])
        objectiveEntry(
          view,
          glossary,
          reference,
          things,
          owner,
          owner.items,
          objective,
          'revealed',
        );
  }
  trackEntries(view, glossary, over);
  return things;
}

/** The turn actions whose cost or effect depends on the reader's hand, items or room. */
const actionsWeighed = [
  'use-item',
  'play-card',
  'room-action',
  'search',
  'complete-quest',
] as const;

function doorWords(door: string): string {
  return door === 'open' ? 'no door' : door === 'closed' ? 'a closed door' : 'a destroyed door';
}

/** "room 6 (Storage)", or unexplored: how a room reads inside a line. */
function roomWords(view: NemesisView, glossary: Glossary, number: number): string {
  const tile = view.rooms[number - 1]?.tile;
  return `room ${number} (${tile ? glossary.tile(tile) : 'unexplored'})`;
}

function seatEntry(view: NemesisView, glossary: Glossary, player: PlayerView): Omit<Entry, 'key'> {
  const you = player.seat === view.viewer;
  const hand = you && view.you ? view.you.hand.length : player.handSize;
  const state: string[] = [];
  if (player.status === 'dead') {
    state.push(
      player.death
        ? `dead: ${player.death.cause} (round ${player.death.round}, ${roomWords(view, glossary, player.death.room)})`
        : 'dead',
    );
  } else {
    state.push(
      player.status === 'active'
        ? `in ${roomWords(view, glossary, player.room)}`
        : statusWords(player.status),
    );
    if (player.pod !== null) state.push(`aboard Escape Pod ${player.pod}`);
    state.push(`${plural(hand, 'card')} in hand`, `${plural(player.items, 'item')}`);
    const heavy = heavyItemsInHand(player, glossary);
    const carried = player.carried.map(objectName);
    if (heavy.length + carried.length > 0)
      state.push(`in hand: ${[...heavy, ...carried].join(', ')}`);
    const weapons = player.weapons.map(
      (weapon) => `${glossary.weapon(weapon.id)} ${weapon.ammo}/${weapon.capacity}`,
    );
    if (weapons.length) state.push(`weapons: ${weapons.join(', ')}`);
    const wounds: string[] = [];
    if (player.lightWounds > 0) wounds.push(plural(player.lightWounds, 'Light Wound'));
    for (const wound of player.seriousWounds)
      wounds.push(wound.card ? glossary.seriousWound(wound.card) : 'a dressed Serious Wound');
    state.push(wounds.length ? `wounds: ${wounds.join(', ')}` : 'unhurt');
    if (player.slime) state.push('slimed');
    if (player.larva) state.push('carries a Larva');
    if (player.signal) state.push('sent the Signal');
    if (player.passed) state.push('has passed');
    if (player.quests.length)
      state.push(`quests: ${player.quests.map((item) => glossary.item(item)).join(', ')}`);
  }
  const character = player.character ? glossary.tables.characters.get(player.character) : undefined;
  return {
    name: `${seatName(view, glossary, player.seat)}${you ? ', you' : ''}`,
    kind: 'Player',
    text: character
      ? `Plays the ${character.name}, who started with the ${glossary.weapon(character.startingWeapon)}.`
      : 'Has not chosen a character yet.',
    state: state.join('; '),
    ...(player.character ? { see: [thingKey('character', player.character)] } : {}),
  };
}

function roomEntry(
  view: NemesisView,
  glossary: Glossary,
  reference: ReadonlyMap<string, Entry>,
  number: number,
): Omit<Entry, 'key'> {
  const room = view.rooms[number - 1]!;
  const tile = room.explored ? room.tile : null;
  const state: string[] = [];
  if (room.fire) state.push('on fire');
  if (room.malfunction) state.push('malfunctioning');
  if (view.airlock === number) state.push('sealed by the Emergency Airlock');
  if (room.itemCounter !== null)
    state.push(`${plural(room.itemCounter, 'Search', 'Searches')} left`);
  if (room.objects.length) state.push(`lying here: ${room.objects.map(objectName).join(', ')}`);
  const characters = view.players
    .filter(
      (player) =>
        player.room === number && (player.status === 'active' || player.status === 'in-pod'),
    )
    .map((player) => seatName(view, glossary, player.seat));
  const corpses = view.players
    .filter((player) => player.room === number && player.status === 'dead')
    .map((player) => `the body of ${seatName(view, glossary, player.seat)}`);
  const intruders = view.intruders
    .filter((intruder) => intruder.room === number)
    .map((intruder) => intruderName(intruder));
  const here = [...characters, ...intruders, ...corpses];
  state.push(here.length ? `here: ${here.join(', ')}` : 'nobody here');
  // What the reader alone looked at stays in the reader's own view.
  const peeked = view.you?.peeked.find((peek) => peek.room === number);
  if (peeked) {
    const token = peeked.token ? glossary.tables.explorationTokens.get(peeked.token)?.kind : null;
    state.push(
      `you looked: it is the ${glossary.tile(peeked.tile)}${token ? `, with a ${capitalise(token)} token` : ''}`,
    );
  }
  const peekers = view.players
    .filter(
      (player) => player.seat !== view.viewer && player.peeked.some((peek) => peek.room === number),
    )
    .map((player) => seatName(view, glossary, player.seat));
  if (peekers.length) state.push(`looked at by ${peekers.join(', ')}`);
  if (!tile)
    return {
      name: `Room ${number}: Unexplored room`,
      kind: 'Room',
      text: 'A face-down room: its tile and Exploration token show when a character first enters.',
      state: state.join('; '),
    };
  const action = roomActionText(glossary.tables, tile);
  const blocked = roomActionBlocked(view, glossary.tables, number);
  if (action && blocked) state.push(`Room Action ${blocked}`);
  return {
    name: `Room ${number}: ${glossary.tile(tile)}`,
    kind: 'Room',
    ...(action ? { cost: `Room Action: ${plural(glossary.tables.roomActionCost, 'card')}` } : {}),
    ...(reference.get(thingKey('tile', tile))?.tags
      ? { tags: reference.get(thingKey('tile', tile))!.tags! }
      : {}),
    text: reference.get(thingKey('tile', tile))?.text ?? glossary.tile(tile),
    state: state.join('; '),
    see: [thingKey('tile', tile)],
  };
}

function weaponEntry(
  glossary: Glossary,
  reference: ReadonlyMap<string, Entry>,
  me: PlayerView,
  weapon: WeaponView,
): Omit<Entry, 'key'> {
  const known = reference.get(thingKey('weapon', weapon.id));
  const fitted = (weapon.attachments ?? []).map((item) => `the ${glossary.item(item)}`);
  const taped = me.taped.find((pair) => pair.includes(weapon.id));
  const partner = taped ? (taped[0] === weapon.id ? taped[1] : taped[0]) : null;
  const state = [
    `${weapon.ammo}/${weapon.capacity} ammo`,
    fitted.length ? `fitted with ${fitted.join(' and ')}` : '',
    partner ? `taped to the ${glossary.item(partner)}` : '',
  ].filter(Boolean);
  return {
    name: `the ${glossary.weapon(weapon.id)}`,
    kind: known?.kind ?? 'Weapon',
    ...(known?.tags ? { tags: known.tags } : {}),
    text: known?.text ?? glossary.weapon(weapon.id),
    state: state.join(', '),
    ...(known?.see ? { see: known.see } : {}),
  };
}

function objectiveEntry(
  view: NemesisView,
  glossary: Glossary,
  reference: ReadonlyMap<string, Entry>,
  things: Record<string, Entry>,
  owner: PlayerView,
  items: number,
  objective: string,
  how: 'yours' | 'seen' | 'revealed' | 'team',
): void {
  const key = thingKey('objective', objective);
  const known = reference.get(key);
  const requirement = glossary.tables.objectives.get(objective)?.requirement;
  if (!known || !requirement) return;
  const whose = seatName(view, glossary, owner.seat);
  things[key] = {
    ...known,
    state:
      how === 'team'
        ? "the team's Objective, face up for all"
        : how === 'yours'
          ? view.mode === 'cooperative'
            ? "the team's Objective, dealt to you"
            : 'your Objective'
          : how === 'seen'
            ? `an Objective of ${whose}, as you saw it`
            : `an Objective of ${whose}, revealed at the end`,
    parts: objectiveParts(glossary.tables, view, owner, items, requirement),
  };
}

function engineEntries(view: NemesisView, reference: ReadonlyMap<string, Entry>): Entry[] {
  const text = reference.get(thingKey('track', 'engines'))?.text ?? 'An engine of the ship.';
  const revealed = view.over?.victory.engines;
  return [0, 1, 2].map((index) => {
    const seen = revealed?.[index] ?? view.you?.engines[index] ?? null;
    return {
      key: thingKey('engine', index + 1),
      name: `Engine ${index + 1}`,
      kind: 'Engine',
      text,
      state:
        seen === null
          ? 'not checked by you'
          : revealed
            ? `${seen}, revealed at the end`
            : `${seen} when you last checked`,
      see: [thingKey('track', 'engines')],
    };
  });
}

function trackEntries(
  view: NemesisView,
  glossary: Glossary,
  over: (key: ThingKey, fields: Partial<Omit<Entry, 'key'>>) => void,
): void {
  const { time, selfDestruct, destination } = glossary.tables;
  const opensIn = time.hibernationOpensAfter - view.time;
  over(thingKey('track', 'time'), {
    state: `${view.time} of ${time.spaces} spaces moved, round ${view.round}; ${
      view.hibernationOpen
        ? 'the hibernation chambers are open'
        : `the hibernation chambers open in ${plural(opensIn, 'more move')}`
    }; the jump comes after ${time.jumpAfter}`,
  });
  over(thingKey('track', 'hibernation'), {
    state: view.hibernationOpen ? 'open' : `closed for ${plural(opensIn, 'more move')}`,
  });
  over(thingKey('track', 'self-destruct'), {
    state:
      view.selfDestruct === null
        ? 'not started'
        : `${view.selfDestruct} of ${selfDestruct.explodesAfter} spaces moved; ${
            view.selfDestruct >= selfDestruct.yellowAfter
              ? 'in the yellow spaces: the pods are unlocked'
              : `the yellow spaces in ${plural(selfDestruct.yellowAfter - view.selfDestruct, 'more move')}`
          }`,
  });
  const card = view.you?.coordinates ?? view.over?.victory.coordinates ?? null;
  const leads = card
    ? glossary.tables.coordinates.get(card)?.destinations[view.destination]
    : undefined;
  over(thingKey('track', 'destination'), {
    state: `the marker stands on ${view.destination} (of ${destination.spaces.join(', ')})${
      leads ? `, which leads to ${destinationName(leads)}` : ''
    }`,
  });
  over(thingKey('track', 'coordinates'), {
    state: card ? `read: ${coordinatesLine(glossary, card)}` : 'not read by you',
  });
  over(thingKey('track', 'bag'), { state: `${plural(view.bagSize, 'token')} inside` });
  over(thingKey('track', 'event-deck'), {
    state: `${plural(view.eventDeck.drawPile, 'card')} to draw, ${view.eventDeck.discardPile.length} discarded`,
  });
  over(thingKey('track', 'attack-deck'), {
    state: `${plural(view.attackDeck.drawPile, 'card')} to draw, ${view.attackDeck.discardPile.length} discarded`,
  });
  over(thingKey('track', 'nest'), {
    state: `${plural(view.nestEggs, 'egg')} in the Nest, ${view.eggsDestroyed} destroyed; ${view.weaknesses.filter((weakness) => weakness !== null).length} of ${view.weaknesses.length} Weaknesses revealed`,
  });
  const open = view.pods.filter((pod) => !pod.locked && !pod.launched).length;
  over(thingKey('track', 'escape-pods'), {
    state: `${view.pods.length} pods: ${open} unlocked, ${view.pods.filter((pod) => pod.launched).length} launched`,
  });
  over(thingKey('track', 'engines'), {
    state: (view.over?.victory.engines ?? view.you?.engines ?? [])
      .map((status, index) => `Engine ${index + 1} ${status ?? 'unchecked'}`)
      .join(', '),
  });
}

function coordinatesLine(glossary: Glossary, card: string): string {
  const facts = glossary.tables.coordinates.get(card);
  return facts ? coordinatesText(facts.destinations) : 'a card this pack does not hold';
}

/**
 * What the whole table sees of cards and pieces with keys of the reference:
 * the Heavy, crafted and quest items and the weapons of the others, the
 * Serious Wounds still face up, the Weaknesses revealed, the Intruders of
 * each kind on the board; and what the reader alone saw: their scanned
 * Contamination cards, the Event cards they looked at.
 */
function tableThings(
  view: NemesisView,
  glossary: Glossary,
  reference: ReadonlyMap<string, Entry>,
  things: Record<string, Entry>,
): void {
  const add = (key: ThingKey, state: string, name?: string) => {
    const known = things[key] ?? reference.get(key);
    if (!known) return;
    things[key] = {
      ...known,
      ...(name ? { name } : {}),
      state: known.state && things[key] ? `${known.state}; ${state}` : state,
    };
  };
  for (const player of view.players) {
    if (player.seat === view.viewer || player.status === 'dead') continue;
    const who = seatName(view, glossary, player.seat);
    const shown = new Set([...player.heavyItems, ...player.craftedItems, ...player.questItems]);
    for (const item of shown)
      add(thingKey('item', item), `held by ${who}`, `the ${glossary.item(item)}`);
    for (const weapon of player.weapons)
      add(
        thingKey('weapon', weapon.id),
        `${who}: ${weapon.ammo}/${weapon.capacity} ammo`,
        `the ${glossary.weapon(weapon.id)}`,
      );
  }
  for (const player of view.players)
    for (const wound of player.seriousWounds)
      if (wound.card)
        add(
          thingKey('wound', wound.card),
          player.seat === view.viewer
            ? 'yours, not dressed'
            : `${seatName(view, glossary, player.seat)} suffers it`,
        );
  for (const weakness of view.weaknesses)
    if (weakness) add(thingKey('weakness', weakness), 'revealed: in force');
  const onBoard = new Map<string, number>();
  for (const intruder of view.intruders)
    onBoard.set(intruder.kind, (onBoard.get(intruder.kind) ?? 0) + 1);
  for (const [kind, count] of onBoard)
    add(thingKey('intruder-kind', kind), `${count} on the board`);
  const you = view.you;
  if (!you) return;
  for (const card of you.scanned)
    things[thingKey('card', card)] = {
      ...(reference.get(thingKey('card', 'contamination')) ?? {
        key: '',
        kind: 'Contamination card',
        text: 'A Contamination card.',
      }),
      key: thingKey('card', card),
      name: glossary.card(card, you),
      state: you.infected.includes(card) ? 'scanned: INFECTED' : 'scanned: clean',
    };
  for (const card of you.eventsSeen)
    add(thingKey('event', card), 'you looked at it: it waits in the Event deck');
}
