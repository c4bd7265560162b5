import type { GameEvent } from '@tabletop/engine';
import {
  actionDeckWords,
  coordinatesText,
  type Glossary,
  heavyItemsInHand,
  intruderName,
  type NemesisView,
  objectiveParts,
  objectName,
  plural,
  roomActionBlocked,
  roomActionText,
  roomLabel,
  roomTitle,
  seatName,
  statusWords,
} from '@tabletop/nemesis';

/**
 * The board for the terminal, built only from what a seat's view shows plus
 * the public facts of the content pack (names, the board's corridors).
 * Nothing here reads a game state: a screen can only show what the view let
 * through. The words for actions, prompts and events come from the
 * ruleset's `describe`.
 */

function exitsOf(view: NemesisView, glossary: Glossary, number: number): string {
  const exits: string[] = [];
  for (const exit of glossary.tables.exits[number] ?? []) {
    // The exit's numbers are the faces of the Noise die (and the Event cards' exits) that lead there.
    const numbers = `${exit.numbers.join('/')}:`;
    if (exit.corridor === 'technical') {
      exits.push(`${numbers}tech${view.technicalCorridorNoise ? ' (noise)' : ''}`);
      continue;
    }
    const corridor = view.corridors[exit.corridor];
    if (!corridor) continue;
    const other = corridor.ends[0] === number ? corridor.ends[1] : corridor.ends[0];
    let text = numbers + String(other);
    if (corridor.noise) text += ' (noise)';
    if (corridor.door === 'closed') text += ' [closed door]';
    else if (corridor.door === 'destroyed') text += ' [broken door]';
    exits.push(text);
  }
  return exits.join(', ');
}

function pad(text: string, width: number): string {
  return text.length >= width ? `${text} ` : text.padEnd(width);
}

/**
 * The ship, one line per room: number, tile (or "?"), what is in it, and its
 * corridors. Characters are named; Intruders are "Kind #id" so that a shot
 * can name its target the same way.
 */
export function renderShip(view: NemesisView, glossary: Glossary): string {
  const lines = ['SHIP  (room, tile or ? if unexplored, what is there, -> exit number:room)'];
  for (const room of view.rooms) {
    const contents: string[] = [];
    if (room.fire) contents.push('FIRE');
    if (room.malfunction) contents.push('MALFUNCTION');
    const characters = view.players
      .filter((player) => player.status === 'active' && player.room === room.number)
      .map((player) => seatName(view, glossary, player.seat));
    contents.push(...characters);
    contents.push(
      ...view.intruders
        .filter((intruder) => intruder.room === room.number)
        .map((intruder) => intruderName(intruder)),
    );
    if (room.objects.length > 0) contents.push(room.objects.map(objectName).join(', '));
    // The Nest's own eggs sit on the Intruder board, not in the room; once it is found, they show here.
    if (isNest(glossary, room.tile) && view.nestEggs > 0)
      contents.push(`${plural(view.nestEggs, 'egg')} in the Nest`);
    if (room.explored && room.itemCounter !== null) contents.push(`items ${room.itemCounter}`);
    lines.push(
      `${String(room.number).padStart(3)} ${pad(roomTitle(view, glossary, room.number), 21)}${pad(contents.join(' · '), 30)}-> ${exitsOf(view, glossary, room.number)}`,
    );
  }
  return lines.join('\n');
}

/** The Nest is the tile the content pack marks as the nest. */
function isNest(glossary: Glossary, tile: string | null): boolean {
  return tile !== null && glossary.tables.roomTiles.get(tile)?.nest === true;
}

function phaseName(phase: NemesisView['phase']): string {
  switch (phase) {
    case 'draft':
      return 'character draft';
    case 'player':
      return 'Player Phase';
    case 'event':
      return 'Event Phase';
    case 'over':
      return 'game over';
  }
}

/** Round, time, self-destruct, destination, pods, the bag and the Intruder board. */
export function renderTracks(view: NemesisView, glossary: Glossary): string {
  const { time } = glossary.tables;
  const hibernation = view.hibernationOpen
    ? 'hibernation open'
    : `hibernation opens at time ${time.hibernationOpensAfter}`;
  const selfDestruct =
    view.selfDestruct === null
      ? 'self-destruct off'
      : `SELF-DESTRUCT ${view.selfDestruct} of ${glossary.tables.selfDestruct.explodesAfter}`;
  const pods = view.pods
    .map((pod) => {
      const state = pod.launched ? 'launched' : pod.locked ? 'locked' : 'unlocked';
      const aboard =
        pod.occupants.length > 0 ? `, ${plural(pod.occupants.length, 'aboard', 'aboard')}` : '';
      return `${pod.number} (${pod.section}, ${state}${aboard})`;
    })
    .join(', ');
  const weaknesses = view.weaknesses
    .map((weakness) => (weakness === null ? '?' : glossary.weakness(weakness)))
    .join(', ');
  return [
    `Round ${view.round}, ${phaseName(view.phase)} · time ${view.time} of ${time.jumpAfter} (the ship jumps at ${time.jumpAfter}), ${hibernation} · ${selfDestruct} · destination ${view.destination}`,
    `Escape pods: ${pods || 'none'} · Intruder bag: ${plural(view.bagSize, 'token')} · Nest eggs: ${view.nestEggs} · weaknesses: ${weaknesses || 'none'}`,
  ].join('\n');
}

function woundsOf(player: NemesisView['players'][number], glossary: Glossary): string {
  const parts: string[] = [];
  if (player.lightWounds > 0) parts.push(`${player.lightWounds} light`);
  for (const wound of player.seriousWounds)
    parts.push(wound.card === null ? 'dressed wound' : glossary.seriousWound(wound.card));
  return parts.length > 0 ? parts.join(', ') : 'none';
}

/**
 * Every character's public side: where, how many cards, wounds, slime,
 * status; and the "Player N" by which Objectives name that seat.
 */
export function renderPlayers(view: NemesisView, glossary: Glossary): string {
  const lines = ['CHARACTERS'];
  view.players.forEach((player, index) => {
    const inPod = player.status === 'in-pod' && player.pod !== null;
    const marks: string[] = [
      inPod
        ? `in Escape Pod ${player.pod}`
        : player.death
          ? `dead: ${player.death.cause} (round ${player.death.round}, room ${player.death.room})`
          : statusWords(player.status),
    ];
    if (player.passed && player.status === 'active') marks.push('passed');
    if (player.slime) marks.push('slime');
    if (player.signal) marks.push('signal sent');
    if (player.pod !== null && !inPod) marks.push(`in pod ${player.pod}`);
    if (index === view.firstPlayer) marks.push('first player');
    const you = player.seat === view.viewer ? ' (you)' : '';
    const name = seatName(view, glossary, player.seat);
    const where = player.status === 'active' ? `room ${player.room}` : '-';
    const weapons = player.weapons
      .map((weapon) => `${glossary.weapon(weapon.id)} ${weapon.ammo}`)
      .join(', ');
    const carried =
      player.carried.length > 0 ? ` · carries ${player.carried.map(objectName).join(', ')}` : '';
    const heavy = heavyItemsInHand(player, glossary).join(', ');
    // Crafted and active quest items are known to all; a Heavy one is already named in hand.
    const known = [...player.craftedItems, ...player.questItems]
      .filter((item) => !player.heavyItems.includes(item))
      .map((item) => glossary.item(item))
      .join(', ');
    const shown = [heavy ? `in hand: ${heavy}` : '', known ? `known: ${known}` : '']
      .filter((part) => part !== '')
      .join('; ');
    const items =
      player.items > 0 ? ` · ${plural(player.items, 'item')}${shown ? ` (${shown})` : ''}` : '';
    const quests =
      player.quests.length > 0
        ? ` · quests: ${player.quests.map((item) => glossary.item(item)).join(', ')}`
        : '';
    lines.push(
      `  ${pad(name + you, 26)}${pad(where, 9)}hand ${player.handSize} · wounds: ${woundsOf(player, glossary)} · ${weapons || 'no weapon'}${carried}${items}${quests} · ${marks.join(', ')}`,
    );
  });
  return lines.join('\n');
}

/** The reader's own wounds, each Serious Wound with what it does until it is dressed. */
function ownWounds(player: NemesisView['players'][number], glossary: Glossary): string {
  const parts: string[] = [];
  if (player.lightWounds > 0) parts.push(plural(player.lightWounds, 'Light Wound'));
  for (const wound of player.seriousWounds) {
    const name = wound.card === null ? 'Serious Wound' : glossary.seriousWound(wound.card);
    const effect = wound.card === null ? null : glossary.seriousWoundSummary(wound.card);
    parts.push(
      wound.dressed ? `${name} (dressed: no effect)` : `${name}${effect ? ` (${effect})` : ''}`,
    );
  }
  return parts.length > 0 ? parts.join('; ') : 'none';
}

/** An item card: its name, Heavy if so, and what it does. */
function itemLine(glossary: Glossary, item: string): string {
  const facts = glossary.tables.items.get(item);
  const heavy = facts?.heavy ? ', Heavy' : '';
  const oneUse = facts?.oneUse ? ', one use' : '';
  return `${glossary.item(item)}${heavy}${oneUse}${facts ? ` (${facts.summary})` : ''}`;
}

/** The viewer's own secrets: hand, objectives, weapons and ammo, carried objects, items. */
export function renderSecrets(view: NemesisView, glossary: Glossary): string {
  const you = view.you;
  if (!you) return '';
  const me = view.players.find((player) => player.seat === you.seat);
  const lines = [
    `YOU: ${seatName(view, glossary, you.seat)}${me && me.status === 'active' ? ` in ${roomLabel(view, glossary, me.room)}` : me ? ` (${statusWords(me.status)})` : ''}`,
  ];
  const hand = you.hand.map((card) => glossary.card(card, you));
  lines.push(`  Hand (${hand.length}): ${hand.length > 0 ? hand.join(', ') : 'empty'}`);
  if (me) lines.push(`  Action deck: ${actionDeckWords(me, you.hand, glossary)}`);
  // A team's cards lie face up: each seat works toward all of them.
  const objectives = view.teamObjectives ?? you.objectives;
  if (objectives.length === 0) lines.push('  Objectives: none');
  if (view.teamObjectives) lines.push("  The team's Objectives, face up for all:");
  for (const objective of objectives) {
    const summary = glossary.objectiveSummary(objective);
    lines.push(`  Objective: ${glossary.objective(objective)}${summary ? ` (${summary})` : ''}`);
    // Each condition ticked as far as the view tells: [x] holds, [ ] not yet, [?] not known yet.
    const requirement = glossary.tables.objectives.get(objective)?.requirement;
    if (me && requirement)
      for (const part of objectiveParts(glossary.tables, view, me, you.items.length, requirement))
        lines.push(`    [${part.holds === null ? '?' : part.holds ? 'x' : ' '}] ${part.text}`);
  }
  if (me) {
    const weapons = me.weapons.map((weapon) => {
      const fitted = (weapon.attachments ?? []).map((item) => glossary.item(item));
      return `${glossary.weapon(weapon.id)} ${weapon.ammo}/${weapon.capacity} ammo${fitted.length > 0 ? ` (with ${fitted.join(', ')})` : ''}`;
    });
    lines.push(
      `  Weapons: ${weapons.join(', ') || 'none'} · carrying: ${me.carried.map(objectName).join(', ') || 'nothing'}`,
    );
    lines.push(`  Wounds: ${ownWounds(me, glossary)}`);
    const coordinates = you.coordinates ? glossary.tables.coordinates.get(you.coordinates) : null;
    if (coordinates)
      lines.push(
        `  Coordinates you checked: ${coordinatesText(coordinates.destinations)}; the Destination is ${view.destination}`,
      );
    if (you.items.length === 0) lines.push('  Items: none');
    for (const item of you.items) lines.push(`  Item: ${itemLine(glossary, item)}`);
    if (you.search && you.search.drawn.length > 0)
      lines.push(
        `  Searching the ${you.search.deck} deck, drawn: ${you.search.drawn.map((item) => itemLine(glossary, item)).join('; ')}`,
      );
    const here = me.status === 'active' ? (view.rooms[me.room - 1]?.tile ?? null) : null;
    const action = roomActionText(glossary.tables, here);
    const blocked =
      me.status === 'active' ? roomActionBlocked(view, glossary.tables, me.room) : null;
    if (action) lines.push(`  Room Action here${blocked ? ` (${blocked})` : ''}: ${action}`);
  }
  return lines.join('\n');
}

/** Events that open a phase; logs set them apart so a long log can be skimmed by round. */
export function isPhaseStart(event: GameEvent): boolean {
  return event.type === 'round' || event.type === 'event-phase';
}

/** The last `limit` events, with a note of how many earlier ones are left out. */
export function renderLog(
  events: readonly GameEvent[],
  limit: number,
  title: string,
  line: (event: GameEvent) => string,
): string {
  const lines = [title];
  if (events.length === 0) lines.push('  (nothing new)');
  if (events.length > limit) lines.push(`  ... ${events.length - limit} earlier line(s) above`);
  for (const event of events.slice(-limit))
    lines.push(`${isPhaseStart(event) ? '== ' : '  '}${line(event)}`);
  return lines.join('\n');
}

/**
 * The whole table as a seat sees it, before its prompt. The seat's own hand,
 * items and objectives come last, just above the question, so that on an
 * 80x24 terminal what the choice needs is on screen without scrolling.
 */
export function renderScreen(
  view: NemesisView,
  glossary: Glossary,
  recent: readonly GameEvent[],
  line: (event: GameEvent) => string,
  logLimit = 12,
): string {
  return [
    renderShip(view, glossary),
    renderTracks(view, glossary),
    renderPlayers(view, glossary),
    renderLog(recent, logLimit, 'SINCE YOU LAST LOOKED', line),
    renderSecrets(view, glossary),
  ]
    .filter((part) => part.length > 0)
    .join('\n\n');
}
