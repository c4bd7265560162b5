import type { GameEvent, Seat } from '@tabletop/engine';
import { z } from 'zod';
import { describeIssue, TableError } from './errors.js';
import type { TableRuleset } from './registry.js';
import type { LogEntry, Takeover } from './storage/storage.js';

/** The longest wait a takeover setting may ask for: a day. */
export const longestTakeoverSeconds = 86_400;

const seconds = z
  .number()
  .int()
  .min(1)
  .max(longestTakeoverSeconds)
  .nullable()
  .optional()
  .describe(`a whole number of seconds from 1 to ${longestTakeoverSeconds}; null or left out: off`);

/** What `POST /matches` takes as `takeover`. */
export const takeoverBody = z
  .strictObject({
    awaySeconds: seconds.describe(
      'a joined seat with no open socket this long, once asked to act, is played by a bot until its player is back',
    ),
    turnSeconds: seconds.describe(
      'a seat asked to act may take this long to answer; then a bot plays it until its player is back',
    ),
    bot: z
      .string()
      .min(1)
      .max(100)
      .nullable()
      .optional()
      .describe("the bot that stands in; the ruleset's default bot when left out"),
  })
  .describe('stand-in bots and turn timers; off when left out');

/**
 * The takeover a match is created with, checked: null when off (left out,
 * or neither wait given). A bad setting is refused naming its field.
 */
export function checkTakeover(value: unknown, table: TableRuleset): Takeover | null {
  if (value === undefined || value === null) return null;
  const parsed = takeoverBody.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = ['takeover', ...issue.path.map(String)].join('.');
    const wait = issue.path[0] === 'awaySeconds' || issue.path[0] === 'turnSeconds';
    throw new TableError(
      400,
      'bad-takeover',
      wait
        ? `${field}: a whole number of seconds from 1 to ${longestTakeoverSeconds}, or null for off`
        : `${field}: ${describeIssue([issue])}`,
    );
  }
  const { awaySeconds = null, turnSeconds = null, bot = null } = parsed.data;
  if (bot !== null && !Object.hasOwn(table.bots, bot)) {
    throw new TableError(
      400,
      'no-such-bot',
      `takeover.bot: the ${table.ruleset.id} bots are ${Object.keys(table.bots).join(', ')}`,
    );
  }
  if (awaySeconds === null && turnSeconds === null) return null;
  return { awaySeconds, turnSeconds, bot };
}

/** Why a bot stands in for a seat: its player left, or its turn timer ran out. */
export type StandInReason = 'away' | 'timer';

/** The action a seat entry stores: who plays the seat from now on. */
export type SeatChange =
  | { standIn: string; reason: StandInReason; seconds: number }
  | { standIn: null };

/** The event of a seat entry: public, everyone at the table is told who plays a seat. */
export function seatEvent(seat: Seat, change: SeatChange): GameEvent {
  return change.standIn === null
    ? { type: 'player-back', audience: 'all', seat }
    : {
        type: 'stand-in',
        audience: 'all',
        seat,
        bot: change.standIn,
        reason: change.reason,
        seconds: change.seconds,
      };
}

/** Whether an event is a seat entry's (the table's), which a ruleset's describe does not know. */
export function isSeatEvent(event: GameEvent): boolean {
  return event.type === 'stand-in' || event.type === 'player-back';
}

/** A seat as a person reads it: numbered seats counted from 1, as the tables name players. */
function seatName(seat: string): string {
  return /^[0-9]+$/.test(seat) ? `Player ${Number(seat) + 1}` : `the ${seat.replace(/-/g, ' ')}`;
}

/** The words of a seat entry's event, as the log shows them. */
export function seatWords(event: GameEvent): string {
  const seat = seatName(String(event.seat));
  if (event.type === 'player-back') return `${seat} is back and plays again.`;
  const why =
    event.reason === 'timer'
      ? `the turn timer ran out (${String(event.seconds)} s)`
      : `away for ${String(event.seconds)} s`;
  return `A ${String(event.bot)} bot plays for ${seat} until they are back: ${why}.`;
}

/** Who plays each seat after `entry`: a seat entry puts a stand-in bot in, or takes it out. */
export function noteStandIn(standIns: Map<Seat, string>, entry: LogEntry): void {
  if (entry.kind !== 'seat') return;
  const bot = (entry.action as { standIn?: unknown } | null)?.standIn;
  if (typeof bot === 'string') standIns.set(entry.seat, bot);
  else standIns.delete(entry.seat);
}
