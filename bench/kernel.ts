import { type DuelAction, diceDuel, Match } from '@tabletop/engine';
import { playBoardgameioDuel } from './duel-boardgameio.js';
import { playDuelInPlace } from './duel-in-place.js';

/**
 * The kernel against its anchor, boardgame.io 0.50.2, in one process: both
 * play the same dice duel (20 health) with the same number of games, and
 * moves per second are compared. `--json` prints one JSON line.
 */
const health = 20;
const roll: DuelAction = { type: 'roll' };

function playThroughMatch(seed: string): number {
  const match = Match.create(diceDuel, { health }, seed);
  let moves = 0;
  while (match.result() === null) {
    const outcome = match.submit(match.state.turn === 0 ? '0' : '1', roll);
    if (!outcome.ok) throw new Error(outcome.rejection.message);
    moves++;
  }
  return moves;
}

/** Plays games for at least `seconds`, after a warm-up, and returns moves per second. */
function measure(play: (seed: string) => number, seconds: number): number {
  for (let game = 0; game < 200; game++) play(`warm-${game}`);
  let moves = 0;
  let game = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < seconds * 1000) {
    for (let batch = 0; batch < 50; batch++) moves += play(`game-${game++}`);
    elapsed = performance.now() - start;
  }
  return (moves / elapsed) * 1000;
}

const json = process.argv.includes('--json');
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const boardgameio = measure(playBoardgameioDuel.bind(null, health), seconds);
const ours = measure(playThroughMatch, seconds);
const oursInPlace = measure(playDuelInPlace.bind(null, health), seconds);
const figures = {
  ours_moves_per_s: Math.round(ours),
  ours_in_place_moves_per_s: Math.round(oursInPlace),
  boardgameio_moves_per_s: Math.round(boardgameio),
  ratio: Number((ours / boardgameio).toFixed(1)),
  ratio_in_place: Number((oursInPlace / boardgameio).toFixed(1)),
};
if (json) {
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} else {
  const format = (value: number) => Math.round(value).toLocaleString('en-US').padStart(12);
  process.stdout.write(
    [
      `dice duel, ${health} health, ${seconds} s per contestant, one process (node ${process.version})`,
      `boardgame.io 0.50.2 reducer   ${format(boardgameio)} moves/s   (anchor)`,
      `tabletop Match API            ${format(ours)} moves/s   ratio ${figures.ratio}x   (goal 20x)`,
      `tabletop apply in place       ${format(oursInPlace)} moves/s   ratio ${figures.ratio_in_place}x   (goal 200x)`,
      '',
    ].join('\n'),
  );
}
