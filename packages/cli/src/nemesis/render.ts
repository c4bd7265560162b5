import type { GameEvent, Seat } from '@tabletop/engine';
import type {
  ContentPack,
  HeavyObject,
  IntruderState,
  NemesisView,
  Tables,
} from '@tabletop/nemesis';

/**
 * Text for the terminal, built only from what a seat's view shows plus the
 * public facts of the content pack (names, the board's corridors). Nothing
 * here reads a game state: a screen can only show what the view let through.
 */

/** How a card in hand reads when the view hides it (an unscanned Contamination card). */
const hiddenContamination = 'contamination';

/** Names and short summaries from the content pack, by id. */
export interface Glossary {
  tables: Tables;
  card(id: string, scanned?: readonly string[]): string;
  tile(id: string): string;
  character(id: string | null): string;
  weapon(id: string): string;
  objective(id: string): string;
  /** The objective's summary, when the pack has one. */
  objectiveSummary(id: string): string | null;
  seriousWound(id: string): string;
  weakness(id: string): string;
}

function byId<Entry extends { id: string }>(entries: readonly Entry[] | undefined) {
  return new Map((entries ?? []).map((entry) => [entry.id, entry]));
}

/** Builds the name look-ups; the pack adds what the rules' tables leave out (wound and weakness names, objective summaries). */
export function createGlossary(tables: Tables, pack?: ContentPack): Glossary {
  const wounds = byId(pack?.seriousWounds.cards);
  const weaknesses = byId(pack?.weaknesses.cards);
  const objectives = byId(pack?.objectives.cards);
  return {
    tables,
    card(id, scanned = []) {
      if (id === hiddenContamination) return 'Contamination';
      const contamination = tables.contamination.get(id);
      if (contamination) {
        // Only a scanned card's infection is known to its owner; any other shows as plain Contamination.
        if (!scanned.includes(id)) return 'Contamination';
        return contamination.infected ? 'Contamination (INFECTED)' : 'Contamination (clean)';
      }
      return tables.actionCards.get(id)?.name ?? id;
    },
    tile: (id) => tables.roomTiles.get(id)?.name ?? id,
    character: (id) => (id === null ? 'no character yet' : (tables.characters.get(id)?.name ?? id)),
    weapon: (id) => tables.weapons.get(id)?.name ?? id,
    objective: (id) => tables.objectives.get(id)?.name ?? id,
    objectiveSummary: (id) => objectives.get(id)?.summary ?? null,
    seriousWound: (id) => wounds.get(id)?.name ?? id,
    weakness: (id) => weaknesses.get(id)?.name ?? id,
  };
}

export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function intruderName(intruder: IntruderState): string {
  const injuries =
    intruder.injuries > 0 ? ` (${plural(intruder.injuries, 'injury', 'injuries')})` : '';
  return `${capitalise(intruder.kind)} #${intruder.id}${injuries}`;
}

export function objectName(object: HeavyObject): string {
  return object === 'corpse' ? 'Corpse' : object === 'carcass' ? 'Carcass' : 'Egg';
}

/** "Storage" for an explored room, "?" for one still face down. */
export function roomTitle(view: NemesisView, glossary: Glossary, number: number): string {
  const room = view.rooms[number - 1];
  if (!room?.explored || room.tile === null) return '?';
  return glossary.tile(room.tile);
}

/** "room 6 (Storage)" or "room 6 (unexplored)". */
export function roomLabel(view: NemesisView, glossary: Glossary, number: number): string {
  const title = roomTitle(view, glossary, number);
  return `room ${number} (${title === '?' ? 'unexplored' : title})`;
}

/** "corridor 8-9", or the Technical Corridors. */
export function corridorLabel(view: NemesisView, corridor: number | 'technical'): string {
  if (corridor === 'technical') return 'the Technical Corridors';
  const ends = view.corridors[corridor]?.ends;
  return ends ? `corridor ${ends[0]}-${ends[1]}` : `corridor #${corridor}`;
}

function exitsOf(view: NemesisView, glossary: Glossary, number: number): string {
  const exits: string[] = [];
  for (const exit of glossary.tables.exits[number] ?? []) {
    if (exit.corridor === 'technical') {
      exits.push(`tech${view.technicalCorridorNoise ? ' (noise)' : ''}`);
      continue;
    }
    const corridor = view.corridors[exit.corridor];
    if (!corridor) continue;
    const other = corridor.ends[0] === number ? corridor.ends[1] : corridor.ends[0];
    let text = String(other);
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
  const lines = [
    'SHIP  (room, tile or ? if unexplored, what is there, -> corridors to other rooms)',
  ];
  for (const room of view.rooms) {
    const contents: string[] = [];
    if (room.fire) contents.push('FIRE');
    if (room.malfunction) contents.push('MALFUNCTION');
    const characters = view.players
      .filter((player) => player.status === 'active' && player.room === room.number)
      .map((player) =>
        player.character === null ? `seat ${player.seat}` : glossary.character(player.character),
      );
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
      `${String(room.number).padStart(3)} ${pad(roomTitle(view, glossary, room.number), 21)}${pad(contents.join(' · '), 40)}-> ${exitsOf(view, glossary, room.number)}`,
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

/** Every character's public side: where, how many cards, wounds, slime, status. */
export function renderPlayers(view: NemesisView, glossary: Glossary): string {
  const lines = ['CHARACTERS'];
  view.players.forEach((player, index) => {
    const marks: string[] = [player.status];
    if (player.passed && player.status === 'active') marks.push('passed');
    if (player.slime) marks.push('slime');
    if (player.signal) marks.push('signal sent');
    if (player.pod !== null) marks.push(`in pod ${player.pod}`);
    if (index === view.firstPlayer) marks.push('first player');
    const you = player.seat === view.viewer ? ' (you)' : '';
    const name = glossary.character(player.character);
    const where = player.status === 'active' ? `room ${player.room}` : '-';
    const weapons = player.weapons
      .map((weapon) => `${glossary.weapon(weapon.id)} ${weapon.ammo}`)
      .join(', ');
    const carried =
      player.carried.length > 0 ? ` · carries ${player.carried.map(objectName).join(', ')}` : '';
    lines.push(
      `  seat ${player.seat} ${pad(name + you, 17)}${pad(where, 9)}hand ${player.handSize} · wounds: ${woundsOf(player, glossary)} · ${weapons || 'no weapon'}${carried} · ${marks.join(', ')}`,
    );
  });
  return lines.join('\n');
}

/** The viewer's own secrets: hand, objectives, weapons and ammo, carried objects. */
export function renderSecrets(view: NemesisView, glossary: Glossary): string {
  const you = view.you;
  if (!you) return '';
  const me = view.players.find((player) => player.seat === you.seat);
  const lines = [
    `YOU: seat ${you.seat}, ${glossary.character(me?.character ?? null)}${me && me.status === 'active' ? ` in ${roomLabel(view, glossary, me.room)}` : me ? ` (${me.status})` : ''}`,
  ];
  const hand = you.hand.map((card) => glossary.card(card, you.scanned));
  lines.push(`  Hand (${hand.length}): ${hand.length > 0 ? hand.join(', ') : 'empty'}`);
  if (you.objectives.length === 0) lines.push('  Objectives: none');
  for (const objective of you.objectives) {
    const summary = glossary.objectiveSummary(objective);
    lines.push(`  Objective: ${glossary.objective(objective)}${summary ? ` (${summary})` : ''}`);
  }
  if (me) {
    const weapons = me.weapons.map((weapon) => {
      const capacity = glossary.tables.weapons.get(weapon.id)?.capacity;
      return `${glossary.weapon(weapon.id)} ${weapon.ammo}${capacity === undefined ? '' : `/${capacity}`} ammo`;
    });
    lines.push(
      `  Weapons: ${weapons.join(', ') || 'none'} · carrying: ${me.carried.map(objectName).join(', ') || 'nothing'}`,
    );
  }
  return lines.join('\n');
}

/** Events that open a phase; logs set them apart so a long log can be skimmed by round. */
export function isPhaseStart(event: GameEvent): boolean {
  return event.type === 'round' || event.type === 'event-phase';
}

/**
 * A log line for an event; an event without text shows its type. With the
 * glossary, ids the rules put in a line read as the screen names them: a
 * corridor by the rooms it joins ("corridor 8-9", as on the ship), an
 * Objective by its name.
 */
export function eventLine(event: GameEvent, glossary?: Glossary): string {
  let text = event.text ?? event.type.replace(/-/g, ' ');
  if (!glossary) return text;
  const { corridor, objective } = event;
  if (typeof corridor === 'number') {
    const ends = glossary.tables.corridors[corridor]?.ends;
    if (ends)
      text = text.replace(
        new RegExp(`\\bcorridor ${corridor}\\b`),
        `corridor ${ends[0]}-${ends[1]}`,
      );
  }
  if (typeof objective === 'string') text = text.replace(objective, glossary.objective(objective));
  return text;
}

/** The last `limit` events, with a note of how many earlier ones are left out. */
export function renderLog(
  events: readonly GameEvent[],
  limit: number,
  title: string,
  glossary?: Glossary,
): string {
  const lines = [title];
  if (events.length === 0) lines.push('  (nothing new)');
  if (events.length > limit) lines.push(`  ... ${events.length - limit} earlier line(s) above`);
  for (const event of events.slice(-limit))
    lines.push(`${isPhaseStart(event) ? '== ' : '  '}${eventLine(event, glossary)}`);
  return lines.join('\n');
}

/** The prompt addressed to a seat, as the view tells it. */
export function promptText(view: NemesisView, seat: Seat): string {
  const prompt = view.prompts.find((candidate) => candidate.seats.includes(seat));
  return prompt?.text ?? 'Your decision';
}

/** The whole table as a seat sees it, before its prompt. */
export function renderScreen(
  view: NemesisView,
  glossary: Glossary,
  recent: readonly GameEvent[],
  logLimit = 12,
): string {
  return [
    renderShip(view, glossary),
    renderTracks(view, glossary),
    renderPlayers(view, glossary),
    renderSecrets(view, glossary),
    renderLog(recent, logLimit, 'SINCE YOU LAST LOOKED', glossary),
  ]
    .filter((part) => part.length > 0)
    .join('\n\n');
}
