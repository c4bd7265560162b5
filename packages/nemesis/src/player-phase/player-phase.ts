import { drawCard, mustAct, type Seat } from '@tabletop/engine';
import { handSizeFor, sufferLightWounds } from '../combat/wounds.js';
import { fireTrigger } from '../flow/trigger-points.js';
import { ventAirlock } from '../rooms/emergency-airlock.js';
import { roomHandSizeBonus } from '../rooms/passives.js';
import type { NemesisAction, TurnActionType } from '../vocabulary/actions.js';
import {
  announce,
  characterName,
  type Game,
  inCombat,
  playerOf,
  room,
  seatName,
} from '../vocabulary/game.js';
import { type Procedure, refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import type { PlayerPhaseStep, PlayerTurnStep } from '../vocabulary/steps.js';
import { schedule } from '../vocabulary/steps.js';
import type { PlayerAction } from './player-action.js';
import { isTurnAction, playerActionOf, turnActionList } from './player-actions.js';

/**
 * I. Player Phase. Everyone draws up to 5 Action cards; the First Player
 * token passes to the left; then, in clockwise rounds, each player takes two
 * actions, or one action and passes, or passes at once (and may discard any
 * cards, Contamination included). A player who passed sits out the rest of
 * the phase. Ending a round (without passing) in a room with Fire costs 1
 * Light Wound.
 */
export const handSizeToDraw = 5;
export const actionsPerRound = 2;

export function drawUpTo(game: Game, player: PlayerState, size: number): void {
  while (player.hand.length < size) {
    const card = drawCard(player.actionDeck, game.state.random, { reshuffleWhenEmpty: true });
    if (card === undefined) return;
    player.hand.push(card);
  }
}

/** A character waiting in an Escape Pod still has turns: to launch, step out or wait. */
function isInPlayerPhase(player: PlayerState): boolean {
  return (player.status === 'active' || player.status === 'in-pod') && !player.passed;
}

/** The next player clockwise after `seat` who has not passed, or null when all have. */
export function nextPlayerAfter(game: Game, seat: Seat | null): PlayerState | null {
  const { players } = game.state;
  const start = seat === null ? game.state.firstPlayer : (Number(seat) + 1) % players.length;
  for (let offset = 0; offset < players.length; offset++) {
    const candidate = players[(start + offset) % players.length]!;
    if (isInPlayerPhase(candidate)) return candidate;
  }
  return null;
}

function passFirstPlayerToken(game: Game): void {
  const { players } = game.state;
  for (let offset = 1; offset <= players.length; offset++) {
    const candidate = (game.state.firstPlayer + offset) % players.length;
    if (players[candidate]!.status === 'active') {
      game.state.firstPlayer = candidate;
      return;
    }
  }
}

export const playerPhase: Procedure<PlayerPhaseStep> = {
  resolve(game) {
    const { state } = game;
    state.round++;
    state.phase = 'player';
    // The token starts with the first player; it passes from the second round on.
    if (state.round > 1) passFirstPlayerToken(game);
    announce(
      game,
      'round',
      `Round ${state.round}: Player Phase; ${seatName(game, String(state.firstPlayer))} is the first player`,
      {
        round: state.round,
        firstPlayer: state.firstPlayer,
      },
    );
    // The round's start comes before anyone draws: whoever the AutoDoc wakes plays this round.
    fireTrigger(game, 'start-of-round', {});
    for (const player of state.players) {
      if (player.status === 'in-pod') player.passed = false;
      if (player.status !== 'active') continue;
      player.passed = false;
      drawUpTo(
        game,
        player,
        handSizeFor(game, player, handSizeToDraw) + roomHandSizeBonus(game, player, handSizeToDraw),
      );
    }
    const first = nextPlayerAfter(game, null);
    schedule(
      state.stack,
      first ? { kind: 'player-turn', seat: first.seat, actionsTaken: 0 } : { kind: 'event-phase' },
    );
    return 'done';
  },
};

function endRound(game: Game, player: PlayerState): void {
  if (player.status === 'active' && !player.passed && room(game.state, player.room).fire) {
    // The rulebook calls a player's two actions a round; the table calls the
    // whole round of phases a round, so the log says turn.
    sufferLightWounds(game, player, 1, 'ending a turn in a burning room');
  }
}

function continueAfter(game: Game, seat: Seat): void {
  const next = nextPlayerAfter(game, seat);
  // Everyone has passed: the Player Phase ends, and a sealed airlock vents.
  if (!next) ventAirlock(game);
  schedule(
    game.state.stack,
    next ? { kind: 'player-turn', seat: next.seat, actionsTaken: 0 } : { kind: 'event-phase' },
  );
}

/** Whether the round has used up its actions: two, unless the limit is lifted for it. */
function actionsUsedUp(step: PlayerTurnStep): boolean {
  return !step.unlimited && step.actionsTaken >= actionsPerRound;
}

/** Whether an action can be taken now: its cheap answer where it has one. */
function isAvailable(handler: PlayerAction, game: Game, player: PlayerState): boolean {
  return handler.available
    ? handler.available(game, player)
    : handler.unavailable(game, player) === null;
}

function turnActions(game: Game, player: PlayerState, step: PlayerTurnStep): NemesisAction[] {
  const combat = inCombat(game.state, player);
  const usedUp = actionsUsedUp(step);
  const actions: NemesisAction[] = [];
  for (const handler of turnActionList) {
    if (usedUp && handler.countsAsAction) continue;
    if (combat && !allowedInCombat(handler.type)) continue;
    if (isAvailable(handler, game, player)) actions.push({ type: handler.type });
  }
  return actions;
}

/**
 * In a room with an Intruder, only Shoot, Melee and Escape (a move) are
 * possible, and the items whose card allows it in Combat.
 */
export function allowedInCombat(type: TurnActionType): boolean {
  return (
    type === 'shoot' ||
    type === 'melee' ||
    type === 'move' ||
    type === 'pass' ||
    type === 'drop' ||
    type === 'use-item' ||
    type === 'play-card'
  );
}

export const playerTurn: Procedure<PlayerTurnStep> = {
  resolve(game, step) {
    const player = playerOf(game.state, step.seat)!;
    if (!isInPlayerPhase(player)) {
      continueAfter(game, step.seat);
      return 'done';
    }
    if (player.status === 'in-pod') {
      schedule(game.state.stack, { kind: 'pod-turn', seat: player.seat });
      return 'done';
    }
    if (actionsUsedUp(step)) {
      endRound(game, player);
      continueAfter(game, step.seat);
      return 'done';
    }
    return 'wait';
  },

  prompts(game, step) {
    const player = playerOf(game.state, step.seat)!;
    const which = step.unlimited
      ? 'next action (no limit this round; it ends when you pass)'
      : `${step.actionsTaken === 0 ? 'first' : 'second'} action`;
    return [
      mustAct(
        step.seat,
        'choose-action',
        `${characterName(game, player)}: choose your ${which}, or pass`,
      ),
    ];
  },

  legalActions(game, step, seat) {
    if (seat !== step.seat) return [];
    return turnActions(game, playerOf(game.state, seat)!, step);
  },

  answer(game, step, seat, action) {
    if (seat !== step.seat)
      return refuse('not-your-turn', `it is ${seatName(game, step.seat)}'s turn`);
    const player = playerOf(game.state, seat)!;
    if (!isTurnAction(action))
      return refuse('not-now', `"${action.type}" is not an action you can take on your turn`);
    if (inCombat(game.state, player) && !allowedInCombat(action.type)) {
      return refuse(
        'in-combat',
        'in a room with an Intruder you can only Shoot, Melee or Escape (move)',
      );
    }
    const handler = playerActionOf(action.type);
    const rejection = handler.unavailable(game, player);
    if (rejection) return rejection;
    if (handler.countsAsAction) step.actionsTaken++;
    schedule(game.state.stack, {
      kind: 'action-choice',
      seat,
      action: action.type,
      chosen: { cards: [] },
    });
    return null;
  },
};
