/**
 * Nemesis benchmark: whole games with the random bot on every seat,
 * applied in place on one core, against an anchor measured the same way in
 * the same process.
 *
 * Nemesis: 1 to 5 players (by game index), the draft included; the random
 * bot asks `legalActions` for each choice; no invariant checks and no
 * copies in the timed loop (the `simulate` command is the checked run).
 * Anchor: the kernel's own dice duel (`diceDuel` from @tabletop/engine, 20
 * health, a few dozen rolls a game), played in place with the same harness:
 * setup, then `apply` until the result. The ratio says how many duels one
 * Nemesis game costs; measured side by side it stays meaningful on a busy
 * or a slower machine.
 * Run: npx tsx bench/nemesis.ts [--json]   (BENCH_SECONDS=3 by default)
 */
import { botChoice, seedRandom } from '@tabletop/engine';
import { createNemesis, randomBot } from '@tabletop/nemesis';
import { playDuelInPlace } from './duel-in-place.js';

const json = process.argv.includes('--json');
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
/** Games per second wanted from the Nemesis playouts. */
const goalGamesPerSecond = 1_000;

const nemesis = createNemesis();
const duelHealth = 20;

/** One Nemesis game with the random bot on every seat; returns the actions taken. */
function playNemesis(index: number): number {
  const seed = `bench/${index}`;
  const state = nemesis.setup(nemesis.options.parse({ players: 1 + (index % 5) }), seed);
  const random = seedRandom(`bot:${seed}`);
  let actions = 0;
  while (state.over === null) {
    const seat = nemesis.prompts(state)[0]!.seats[0]!;
    const outcome = nemesis.apply(state, seat, botChoice(nemesis, randomBot, state, seat, random));
    if (!outcome.ok) throw new Error(`game ${seed}: ${outcome.rejection.message}`);
    actions++;
  }
  return actions;
}

/** One dice duel in place; returns the rolls. */
function playDuel(index: number): number {
  return playDuelInPlace(duelHealth, `duel/${index}`);
}

interface Speed {
  games_per_second: number;
  actions_per_second: number;
  mean_actions_per_game: number;
}

/** A game index counter per contestant, so no game is ever timed twice. */
const nextIndex = new Map<(index: number) => number, number>();

/** Plays games for `milliseconds` of wall time and returns the rates. */
function timeRound(play: (index: number) => number, milliseconds: number): Speed {
  let index = nextIndex.get(play) ?? 0;
  let games = 0;
  let actions = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < milliseconds) {
    for (let batch = 0; batch < 20; batch++, games++) actions += play(index++);
    elapsed = performance.now() - start;
  }
  nextIndex.set(play, index);
  return {
    games_per_second: (games / elapsed) * 1000,
    actions_per_second: (actions / elapsed) * 1000,
    mean_actions_per_game: actions / games,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Warms both contestants up (so the JIT has compiled their hot paths), then
 * times them in alternating rounds, so that a burst of load from elsewhere
 * hits both alike. Each figure is the median over the rounds; the ratio is
 * the median of the rounds' own ratios.
 */
const rounds = 5;
// V8 keeps optimising the rules for the first few thousand games (measured: the rate roughly
// doubles over the first two seconds, then holds), so both are warmed up that long first.
timeRound(playDuel, 1_000);
timeRound(playNemesis, 2_500);
const duelRounds: Speed[] = [];
const nemesisRounds: Speed[] = [];
for (let round = 0; round < rounds; round++) {
  duelRounds.push(timeRound(playDuel, (seconds * 1000) / rounds));
  nemesisRounds.push(timeRound(playNemesis, (seconds * 1000) / rounds));
}
const summarise = (speeds: Speed[]) => ({
  games_per_second: Math.round(median(speeds.map((speed) => speed.games_per_second))),
  best_games_per_second: Math.round(Math.max(...speeds.map((speed) => speed.games_per_second))),
  actions_per_second: Math.round(median(speeds.map((speed) => speed.actions_per_second))),
  mean_actions_per_game: Number(
    median(speeds.map((speed) => speed.mean_actions_per_game)).toFixed(1),
  ),
});
const game = summarise(nemesisRounds);
const duel = summarise(duelRounds);
const ratio = median(
  nemesisRounds.map((speed, round) => speed.games_per_second / duelRounds[round]!.games_per_second),
);
const report = {
  nemesis_games_per_second: game.games_per_second,
  nemesis_best_round_games_per_second: game.best_games_per_second,
  nemesis_actions_per_second: game.actions_per_second,
  nemesis_mean_actions_per_game: game.mean_actions_per_game,
  anchor: 'kernel dice duel (diceDuel, 20 health) applied in place, same harness, same process',
  anchor_games_per_second: duel.games_per_second,
  anchor_actions_per_second: duel.actions_per_second,
  anchor_mean_actions_per_game: duel.mean_actions_per_game,
  ratio_games: Number(ratio.toPrecision(3)),
  duels_per_nemesis_game: Math.round(1 / ratio),
  goal_games_per_second: goalGamesPerSecond,
  goal_met: game.games_per_second >= goalGamesPerSecond,
};

if (json) {
  process.stdout.write(`${JSON.stringify(report)}\n`);
} else {
  const format = (value: number) => Math.round(value).toLocaleString('en-US').padStart(10);
  process.stdout.write(
    [
      `Nemesis random-bot playouts, in place, one core: ${rounds} alternating rounds, ${seconds} s in all per contestant, medians (node ${process.version})`,
      `nemesis   ${format(game.games_per_second)} games/s ${format(game.actions_per_second)} actions/s   ${game.mean_actions_per_game} actions a game (1-5 players, draft included)`,
      `          best round ${game.best_games_per_second.toLocaleString('en-US')} games/s`,
      `anchor    ${format(duel.games_per_second)} games/s ${format(duel.actions_per_second)} actions/s   ${duel.mean_actions_per_game} rolls a game (the kernel's dice duel, 20 health, in place)`,
      `ratio     ${report.ratio_games} (Nemesis games/s over duel games/s): one Nemesis game costs about ${report.duels_per_nemesis_game} dice duels`,
      `goal      ${goalGamesPerSecond.toLocaleString('en-US')} Nemesis games/s: ${report.goal_met ? 'met' : 'NOT met'}`,
      '',
    ].join('\n'),
  );
}
