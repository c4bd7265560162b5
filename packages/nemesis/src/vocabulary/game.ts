import type { GameEvent, Seat } from '@tabletop/engine';
import type { Tables } from '../content/tables.js';
import type { IntruderState, NemesisState, PlayerState, RoomState } from './state.js';

/** What every rule function works on: the state, the pack's facts, and the events so far. */
export interface Game {
  state: NemesisState;
  tables: Tables;
  events: GameEvent[];
}

/** Tells everyone. */
export function announce(
  game: Game,
  type: string,
  text: string,
  detail: Record<string, unknown> = {},
): void {
  game.events.push({ type, audience: 'all', text, ...detail });
}

/** Tells only some seats (a secret they may know). */
export function whisper(
  game: Game,
  seats: readonly Seat[],
  type: string,
  text: string,
  detail: Record<string, unknown> = {},
): void {
  game.events.push({ type, audience: seats, text, ...detail });
}

export function playerOf(state: NemesisState, seat: Seat): PlayerState | undefined {
  const index = Number(seat);
  if (!Number.isInteger(index) || String(index) !== seat) return undefined;
  return state.players[index];
}

export function room(state: NemesisState, number: number): RoomState {
  const found = state.rooms[number - 1];
  if (!found) throw new Error(`no room ${number} on the board`);
  return found;
}

export function charactersIn(state: NemesisState, number: number): PlayerState[] {
  return state.players.filter((player) => player.status === 'active' && player.room === number);
}

export function intrudersIn(state: NemesisState, number: number): IntruderState[] {
  return state.intruders.filter((intruder) => intruder.room === number);
}

/** A character and an Intruder in the same room are in Combat. */
export function inCombat(state: NemesisState, player: PlayerState): boolean {
  return (
    player.status === 'active' && state.intruders.some((intruder) => intruder.room === player.room)
  );
}

export function intruderInCombat(state: NemesisState, intruder: IntruderState): boolean {
  return state.players.some(
    (player) => player.status === 'active' && player.room === intruder.room,
  );
}

/** The Objectives' "Player N" is the seat numbered N counting from 1: seat 0 is Player 1. */
export function seatOfPlayerNumber(number: number): Seat {
  return String(number - 1);
}

/** The "Player N" an Objective uses for a seat. */
export function playerNumberOfSeat(seat: Seat): number {
  return Number(seat) + 1;
}

/** "corridor 8-9", by the rooms it joins, as on the ship; or the Technical Corridors. */
export function corridorName(game: Game, corridor: number | 'technical'): string {
  if (corridor === 'technical') return 'the Technical Corridors';
  const ends = game.tables.corridors[corridor]?.ends;
  return ends ? `corridor ${ends[0]}-${ends[1]}` : `corridor #${corridor}`;
}

/** The character's name, or "Player N" before the draft gives them one. */
export function characterName(game: Game, player: PlayerState): string {
  const character = player.character ? game.tables.characters.get(player.character) : undefined;
  return character ? character.name : `Player ${playerNumberOfSeat(player.seat)}`;
}

/** How the table names a player: "Player 2 (Soldier)", by the Objectives' numbering. */
export function playerName(game: Game, player: PlayerState): string {
  const character = player.character ? game.tables.characters.get(player.character) : undefined;
  const number = `Player ${playerNumberOfSeat(player.seat)}`;
  return character ? `${number} (${character.name})` : number;
}

/** A seat's name, whether or not it has a player. */
export function seatName(game: Game, seat: Seat): string {
  const player = playerOf(game.state, seat);
  return player ? playerName(game, player) : `Player ${playerNumberOfSeat(seat)}`;
}

export function roomName(game: Game, number: number): string {
  const state = room(game.state, number);
  if (!state.explored) return `room ${number} (unexplored)`;
  return `${game.tables.roomTiles.get(state.tile)?.name ?? state.tile} (${number})`;
}

export function isContamination(game: Game, card: string): boolean {
  return game.tables.contamination.has(card);
}

/** Seats in turn order (clockwise) starting from the First Player. */
export function turnOrder(state: NemesisState): PlayerState[] {
  const count = state.players.length;
  return Array.from(
    { length: count },
    (_, offset) => state.players[(state.firstPlayer + offset) % count]!,
  );
}

/** The room at the other end of a corridor. */
export function otherEnd(game: Game, corridor: number, from: number): number {
  const [first, second] = game.tables.corridors[corridor]!.ends;
  return first === from ? second : first;
}

/** Corridor indices connected to a room (not the Technical Corridors). */
export function corridorsOf(game: Game, number: number): number[] {
  const corridors: number[] = [];
  for (const exit of game.tables.exits[number] ?? [])
    if (exit.corridor !== 'technical') corridors.push(exit.corridor);
  return corridors;
}

export function hasTechnicalEntrance(game: Game, number: number): boolean {
  return (game.tables.exits[number] ?? []).some((exit) => exit.corridor === 'technical');
}

export function corridorBetween(game: Game, from: number, to: number): number | undefined {
  return corridorsOf(game, from).find((corridor) => otherEnd(game, corridor, from) === to);
}
