import { type ScenarioBuilder, scenario } from '@tabletop/nemesis/testing';
import { jump } from '../../src/end-of-game/end-of-game.js';
import type { NemesisState } from '../../src/vocabulary/state.js';

/** Deals a seat exactly these Objectives, for a scenario's `with`. */
export function objectives(seat: number, ...cards: string[]) {
  return (state: NemesisState) => {
    state.players[seat]!.objectives = cards;
  };
}

/** Builds the table and ends the game with the jump: its victory check, and each seat's fate. */
export function jumpNow(builder: ScenarioBuilder) {
  const table = builder.build();
  table.perform((game) => jump(game));
  const victory = table.state.over!.victory;
  const fate = (seat: string) => victory.fates.find((candidate) => candidate.seat === seat)!;
  return { table, victory, fate };
}

export { scenario };
