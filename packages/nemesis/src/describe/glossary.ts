import type { HeavyObject } from '../content/effects.js';
import type { ContentPack } from '../content/index.js';
import type { Tables } from '../content/tables.js';
import { hiddenContamination, type NemesisView, type PlayerView } from '../views/view.js';
import { playerNumberOfSeat } from '../vocabulary/game.js';
import type { IntruderState } from '../vocabulary/state.js';

/**
 * Names for people, from the content pack: what a card, a tile, a
 * character, a weapon, an Objective, a wound or a Weakness is called. Only
 * public facts of the pack; whatever is secret in a game reaches these
 * functions only through a seat's view.
 */
/**
 * The Heavy Items a character holds in hand, as the table sees them: a
 * taped pair reads as one ("Fire Extinguisher taped to Flamethrower").
 */
export function heavyItemsInHand(
  player: Pick<PlayerView, 'heavyItems' | 'taped'>,
  glossary: Glossary,
): string[] {
  const loose = [...player.heavyItems];
  const pairs = player.taped.map(([one, other]) => {
    for (const item of [one, other]) loose.splice(loose.indexOf(item), 1);
    return `${glossary.item(one)} taped to ${glossary.item(other)}`;
  });
  return [...pairs, ...loose.map((item) => glossary.item(item))];
}

/** A character's status as people say it: "in a pod" rather than the rules' "in-pod". */
export function statusWords(status: PlayerView['status']): string {
  return status === 'in-pod' ? 'in a pod' : status;
}

/** How the Objectives name a seat ("the character of Player 2"). */
export function objectivePlayerName(seat: string): string {
  return `Player ${playerNumberOfSeat(seat)}`;
}

/** "Player 2 (Scout)": the Objectives' numbering, from 1, and the character. */
export function seatName(view: NemesisView, glossary: Glossary, seat: string): string {
  const player = view.players.find((candidate) => candidate.seat === seat);
  const character = player?.character ? ` (${glossary.character(player.character)})` : '';
  return `${objectivePlayerName(seat)}${character}`;
}

/** What a seat's view tells it about its own Contamination cards. */
export interface KnownContamination {
  scanned: readonly string[];
  infected: readonly string[];
}

export interface Glossary {
  tables: Tables;
  /**
   * A card in hand or in a pile. A Contamination card shows its infection
   * only to its owner once scanned: `known` is the owner's own part of the
   * view (which cards they scanned, and which of those were INFECTED).
   */
  card(id: string, known?: KnownContamination | null): string;
  tile(id: string): string;
  character(id: string | null): string;
  weapon(id: string): string;
  /** An Item card by its id (the name printed on it). */
  item(id: string): string;
  objective(id: string): string;
  /** The objective's summary, when the pack has one. */
  objectiveSummary(id: string): string | null;
  seriousWound(id: string): string;
  /** What an undressed Serious Wound does, when the pack says. */
  seriousWoundSummary(id: string): string | null;
  weakness(id: string): string;
}

function byId<Entry extends { id: string }>(entries: readonly Entry[] | undefined) {
  return new Map((entries ?? []).map((entry) => [entry.id, entry]));
}

/** The name look-ups; the pack adds what the rules' tables leave out (wound and weakness names, objective summaries). */
export function createGlossary(tables: Tables, pack?: ContentPack): Glossary {
  const wounds = byId(pack?.seriousWounds.cards);
  const weaknesses = byId(pack?.weaknesses.cards);
  const objectives = byId(pack?.objectives.cards);
  const items = byId(pack?.items.items);
  return {
    tables,
    card(id, known) {
      if (id === hiddenContamination) return 'Contamination';
      if (tables.contamination.has(id)) {
        // Which cards are INFECTED is dealt each game: only the view of a scanning owner tells.
        if (!known?.scanned.includes(id)) return 'Contamination';
        return known.infected.includes(id) ? 'Contamination (INFECTED)' : 'Contamination (clean)';
      }
      return tables.actionCards.get(id)?.name ?? id;
    },
    tile: (id) => tables.roomTiles.get(id)?.name ?? id,
    character: (id) => (id === null ? 'no character yet' : (tables.characters.get(id)?.name ?? id)),
    weapon: (id) => tables.weapons.get(id)?.name ?? id,
    item: (id) => items.get(id)?.name ?? id,
    objective: (id) => tables.objectives.get(id)?.name ?? id,
    objectiveSummary: (id) => objectives.get(id)?.summary ?? null,
    seriousWound: (id) => wounds.get(id)?.name ?? id,
    seriousWoundSummary: (id) => wounds.get(id)?.summary ?? null,
    weakness: (id) => weaknesses.get(id)?.name ?? id,
  };
}

export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** A card as a view shows it is Contamination: face down to the table, or scanned by its owner. */
function isContamination(tables: Tables, card: string): boolean {
  return card === hiddenContamination || tables.contamination.has(card);
}

/**
 * A player's Action deck as their own view shows it: the cards left to draw,
 * the discard pile, and the Contamination cards among their hand and discard
 * pile (those shuffled into the draw pile are face down, so not counted).
 */
export function actionDeckWords(
  player: Pick<PlayerView, 'deckSize' | 'discardPile'>,
  hand: readonly string[],
  glossary: Glossary,
): string {
  const deck = `${plural(player.deckSize, 'card')} to draw, ${player.discardPile.length} in the discard pile`;
  const inHand = hand.filter((card) => isContamination(glossary.tables, card)).length;
  const discarded = player.discardPile.filter((card) =>
    isContamination(glossary.tables, card),
  ).length;
  if (inHand + discarded === 0) return deck;
  return `${deck}; Contamination: ${inHand} in hand, ${discarded} in the discard pile`;
}

/** "Adult #3 (1 injury)". */
export function intruderName(intruder: IntruderState): string {
  const injuries =
    intruder.injuries > 0 ? ` (${plural(intruder.injuries, 'injury', 'injuries')})` : '';
  return `${capitalise(intruder.kind)} #${intruder.id}${injuries}`;
}

/** A heavy object as a card names it: "a Character Corpse". */
export const objectWords: Readonly<Record<HeavyObject, string>> = {
  corpse: 'a Character Corpse',
  'blue-corpse': 'the blue Character Corpse',
  carcass: 'an Intruder Carcass',
  egg: 'an Intruder Egg',
};

export function objectName(object: HeavyObject): string {
  return { corpse: 'Corpse', 'blue-corpse': 'blue Corpse', carcass: 'Carcass', egg: 'Egg' }[object];
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
