import { discardCard, drawCard } from '@tabletop/engine';
import { announce, type Game, room } from '../vocabulary/game.js';
import type { Procedure } from '../vocabulary/procedure.js';
import type { IntruderState } from '../vocabulary/state.js';
import { type IntruderInjuredStep, type RetreatStep, schedule } from '../vocabulary/steps.js';
import { capitalised, intruderById, moveIntruderThrough, removeIntruder } from './intruders.js';
import { killThresholdChange, weaknessesOfKindApply } from './weaknesses.js';

/**
 * Intruder injuries and death. Once injuries are dealt, we check whether the
 * Intruder dies. A Larva dies from its first injury, with no card drawn and no
 * Carcass left. Any other Intruder draws Intruder Attack cards (one, or two
 * for a Breeder or the Queen) and reads only the blood value at their corner:
 * when the blood shown adds up to no more than its injuries, it dies and a
 * Carcass marks the spot. If it lives and a drawn card shows the Retreat
 * arrow, it flees: an Event card drawn for its number sends it down the
 * corridor with that number.
 */

/** Adds injuries to an Intruder and sets off its death check. Used by Shoot, Melee, Fire and the like. */
export function injureIntruder(game: Game, intruder: IntruderState, injuries: number): void {
  if (injuries <= 0) return;
  intruder.injuries += injuries;
  announce(
    game,
    'intruder-injured',
    `${capitalised(intruder.kind)} #${intruder.id} suffers ${injuries} injur${injuries === 1 ? 'y' : 'ies'} (${intruder.injuries} in all)`,
    { intruder: intruder.id, injuries, total: intruder.injuries },
  );
  schedule(game.state.stack, { kind: 'intruder-injured', intruder: intruder.id });
}

/** Carcass tokens on the board, lying in rooms or carried. */
function carcassesOnBoard(game: Game): number {
  let count = 0;
  for (const candidate of game.state.rooms)
    for (const object of candidate.objects) if (object === 'carcass') count++;
  for (const player of game.state.players)
    for (const object of player.carried) if (object === 'carcass') count++;
  return count;
}

/**
 * The miniature leaves the board; a Carcass stays behind if the kind leaves
 * one, the supply has one left, and the death leaves a body (the Emergency
 * Airlock does not).
 */
export function killIntruder(
  game: Game,
  intruder: IntruderState,
  cause: string,
  options: { carcass?: boolean } = {},
): void {
  const facts = game.tables.intruderKinds.get(intruder.kind);
  const where = room(game.state, intruder.room);
  removeIntruder(game, intruder);
  game.state.killedIntruders.push(intruder.kind);
  const carcass =
    options.carcass !== false &&
    facts?.leavesCarcass === true &&
    carcassesOnBoard(game) < game.tables.supplies.carcasses;
  if (carcass) where.objects.push('carcass');
  announce(
    game,
    'intruder-dies',
    `${capitalised(intruder.kind)} #${intruder.id} dies in room ${intruder.room} (${cause})${carcass ? ', leaving a Carcass' : ''}`,
    { intruder: intruder.id, kind: intruder.kind, room: intruder.room, carcass },
  );
}

interface DeathCheck {
  cards: string[];
  /** Blood on the numbered cards; a Retreat card adds none. */
  blood: number;
  /** Whether any card shows a number at all. */
  bloodShown: boolean;
  retreat: boolean;
}

function drawDeathCheck(game: Game, count: number): DeathCheck {
  const check: DeathCheck = { cards: [], blood: 0, bloodShown: false, retreat: false };
  for (let drawn = 0; drawn < count; drawn++) {
    const card = drawCard(game.state.attackDeck, game.state.random, { reshuffleWhenEmpty: true });
    if (card === undefined) break;
    check.cards.push(card);
    const blood = game.tables.attackCards.get(card)?.blood;
    if (blood === 'retreat') check.retreat = true;
    else if (blood !== undefined) {
      check.blood += blood;
      check.bloodShown = true;
    }
  }
  // Discarded once all are drawn, so a reshuffle in the middle cannot draw the same card twice.
  for (const card of check.cards) discardCard(game.state.attackDeck, card);
  return check;
}

/**
 * The death check, as a step so that it follows the injuries that caused it.
 * A Retreat arrow on any card drawn means the Intruder survives and flees,
 * whatever the other card shows: the fact sheet (nemesis-cards.md §4) and
 * the transcriptions it cites read the arrow so, for the two cards of a
 * Breeder or the Queen as for the one card of the others.
 */
export const intruderInjured: Procedure<IntruderInjuredStep> = {
  resolve(game, step) {
    const intruder = intruderById(game, step.intruder);
    if (!intruder || intruder.injuries <= 0) return 'done';
    const cardsToDraw = game.tables.intruderKinds.get(intruder.kind)?.deathCards ?? 0;
    if (cardsToDraw === 0) {
      killIntruder(game, intruder, 'a single injury is enough');
      return 'done';
    }
    const check = drawDeathCheck(game, cardsToDraw);
    const names = check.cards
      .map((card) => game.tables.attackCards.get(card)?.name ?? card)
      .join(' and ');
    announce(
      game,
      'death-check',
      `Death check for ${capitalised(intruder.kind)} #${intruder.id}: ${names || 'no card'} shows ${check.bloodShown ? `blood ${check.blood}` : 'no blood'}${check.retreat ? ' and a Retreat arrow' : ''} against ${intruder.injuries} injur${intruder.injuries === 1 ? 'y' : 'ies'}`,
      {
        intruder: intruder.id,
        cards: check.cards,
        blood: check.blood,
        retreat: check.retreat,
        injuries: intruder.injuries,
      },
    );
    // A Weakness can make the blood needed lower (Species on the Brink of Extinction).
    const dies =
      !check.retreat &&
      check.bloodShown &&
      check.blood + killThresholdChange(game) <= intruder.injuries;
    if (dies && check.blood > intruder.injuries)
      weaknessesOfKindApply(
        game,
        'kill-threshold',
        `the ${intruder.kind} dies with less blood shown`,
      );
    if (dies) {
      killIntruder(game, intruder, 'its injuries');
    } else if (check.retreat) {
      schedule(game.state.stack, { kind: 'retreat', intruder: intruder.id });
    }
    return 'done';
  },
};

/**
 * Retreat: an Event card is drawn only for the corridor number it shows; the
 * Intruder leaves its room through the exit with that number (a closed door
 * is broken instead; the Technical Corridors swallow it). The card goes to
 * the event discard pile without its effect.
 */
export const retreat: Procedure<RetreatStep> = {
  resolve(game, step) {
    const intruder = intruderById(game, step.intruder);
    if (!intruder || (step.from !== undefined && intruder.room !== step.from)) return 'done';
    const { eventDeck } = game.state;
    const card = drawCard(eventDeck, game.state.random, { reshuffleWhenEmpty: true });
    if (card === undefined) return 'done';
    discardCard(eventDeck, card);
    const number = game.tables.eventCards.get(card)?.corridor;
    const exit =
      number === undefined ? undefined : game.tables.exitByNumber[intruder.room]?.[number];
    announce(
      game,
      'intruder-retreats',
      `${capitalised(intruder.kind)} #${intruder.id} retreats towards exit ${number ?? '?'} of room ${intruder.room}`,
      {
        intruder: intruder.id,
        card,
        number: number ?? null,
      },
    );
    if (exit !== undefined) moveIntruderThrough(game, intruder, exit);
    return 'done';
  },
};
