import { discardCard, drawCard, reshuffleDiscardPile } from '@tabletop/engine';
import { capitalised, moveIntruderThrough } from '../intruders/intruders.js';
import { breaksDoors, doorHeldByWeakness } from '../intruders/weaknesses.js';
import { destroyDoor } from '../markers/markers.js';
import { announce, corridorName, type Game, intruderInCombat } from '../vocabulary/game.js';
import type { Procedure } from '../vocabulary/procedure.js';
import type { IntruderState } from '../vocabulary/state.js';
import { type EventCardStep, type IntruderMovementStep, schedule } from '../vocabulary/steps.js';

/**
 * Event Phase, step 4: one Event card. It is drawn (the discard pile is
 * shuffled back in when the deck runs dry), then:
 * 1. Intruder Movement: every Intruder of a kind the card names that is not
 *    in Combat leaves its room through the exit bearing the card's number.
 * 2. The card's own effect (event-effects.ts), once every Intruder has moved.
 * 3. The card goes where it says: the discard pile; or out of the game, the
 *    discard pile then shuffled back into the deck; or straight back into
 *    the deck.
 *
 * While it resolves, the card is held by the step (out of every pile), as it
 * would lie face up on the table: a Retreat during its resolution cannot
 * draw it again.
 */
export const eventCard: Procedure<EventCardStep> = {
  resolve(game, step) {
    if (step.card !== undefined) {
      putAway(game, step.card);
      return 'done';
    }
    const { state } = game;
    const card = drawCard(state.eventDeck, state.random, { reshuffleWhenEmpty: true });
    const facts = card === undefined ? undefined : game.tables.eventCards.get(card);
    if (card === undefined || !facts) {
      announce(game, 'no-event', 'No Event card is left to draw');
      return 'done';
    }
    announce(
      game,
      'event-card',
      `Event: ${facts.name} (${moversText(facts.movers)} move through exit ${facts.corridor}); then ${facts.summary}`,
      {
        card,
        movers: facts.movers,
        corridor: facts.corridor,
      },
    );
    schedule(
      state.stack,
      { kind: 'intruder-movement', corridor: facts.corridor, movers: [...facts.movers] },
      { kind: 'event-effect', card, effect: facts.effect, whole: true },
      { kind: 'event-card', card },
    );
    return 'done';
  },
};

/** The card's disposition, once it has resolved. */
function putAway(game: Game, card: string): void {
  const { eventDeck, eventsRemoved } = game.state;
  const facts = game.tables.eventCards.get(card);
  const name = facts?.name ?? card;
  switch (facts?.after ?? 'discard') {
    case 'discard':
      discardCard(eventDeck, card);
      return;
    case 'remove-and-reshuffle':
      eventsRemoved.push(card);
      reshuffleDiscardPile(eventDeck);
      announce(
        game,
        'event-removed',
        `${name} leaves the game; the Event discard pile is shuffled back into the deck`,
        { card },
      );
      return;
    case 'shuffle-back':
      // Cards are drawn at random from the draw pile, so putting it there shuffles it in.
      eventDeck.drawPile.push(card);
      announce(game, 'event-shuffled-back', `${name} is shuffled back into the Event deck`, {
        card,
      });
      return;
  }
}

function moversText(movers: readonly string[]): string {
  return movers.length === 0
    ? 'no Intruders'
    : movers.map((kind) => `${capitalised(kind)}s`).join(', ');
}

/**
 * Intruder Movement through the exit with a given number. Every Intruder
 * of a named kind that is not in Combat moves; all the moves are worked out
 * before any is made, so no Intruder moves twice and one arriving in a room
 * does not stop another leaving it. Through a closed door an Intruder does
 * not pass: it breaks the door and stays; several Intruders facing the same
 * closed door break it once and all stay. The Technical Corridors swallow an
 * Intruder (its token returns to the bag). An Intruder arriving in an
 * unexplored room stays there without revealing it; one arriving where a
 * character stands is in Combat with them (no Encounter, no Surprise Attack).
 *
 * Where the rules are silent: a room with no exit of that number keeps its
 * Intruders; Intruders on both sides of one closed door are treated as a
 * single group (the door breaks once and nobody passes).
 */
export const intruderMovement: Procedure<IntruderMovementStep> = {
  resolve(game, step) {
    const moves = plannedMoves(game, step.movers, step.corridor);
    const broken = new Set<number>();
    for (const { intruder, exit } of moves) {
      if (
        exit !== 'technical' &&
        (broken.has(exit) || game.state.corridors[exit]!.door === 'closed')
      ) {
        // Under The Way of Moving only some kinds break doors; the others are stopped and it holds.
        const breaks = breaksDoors(game, intruder.kind);
        if (!broken.has(exit) && breaks) {
          broken.add(exit);
          destroyDoor(game, exit);
        }
        if (!breaks) doorHeldByWeakness(game, intruder.kind);
        announce(
          game,
          'intruder-blocked',
          `${capitalised(intruder.kind)} #${intruder.id} ${breaks ? 'breaks against' : 'is stopped by'} the door in ${corridorName(game, exit)} and stays in room ${intruder.room}`,
          {
            intruder: intruder.id,
            corridor: exit,
          },
        );
        continue;
      }
      moveIntruderThrough(game, intruder, exit);
    }
    return 'done';
  },
};

interface PlannedMove {
  intruder: IntruderState;
  exit: number | 'technical';
}

/** Who moves and where, decided all at once from the board as it stands; in id order. */
function plannedMoves(game: Game, movers: readonly string[], number: number): PlannedMove[] {
  const { state, tables } = game;
  const moves: PlannedMove[] = [];
  for (const intruder of state.intruders) {
    if (!movers.includes(intruder.kind) || intruderInCombat(state, intruder)) continue;
    const exit = tables.exitByNumber[intruder.room]?.[number];
    if (exit !== undefined) moves.push({ intruder, exit });
  }
  return moves.sort((first, second) => first.intruder.id - second.intruder.id);
}
