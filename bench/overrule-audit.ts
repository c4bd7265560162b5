/**
 * Where does the Nemesis search win or lose strength? The ISMCTS bot plays
 * the sensible bot's choice unless its search overrules it. This audit
 * plays four-player games with ISMCTS on every seat and, at each overrule,
 * measures both choices far more precisely than the search could: from
 * the deciding seat's view, each of `BENCH_AUDIT_DEALS` re-deals of the
 * hidden information is played on twice to the end of the game by the
 * sensible bot on every seat, once after the search's choice and once
 * after the sensible one, with the same re-deal and the same random (so
 * the two differ by the choice alone), and scored as the search scores a
 * finished game (a win 1, surviving without one 0.7, dead 0).
 *
 * The mean difference over an overrule's re-deals says whether it was
 * right; over all overrules, whether overruling helps at all, and by kind
 * of decision, where it helps and where it hurts.
 *
 * Run: npx tsx bench/overrule-audit.ts [--json]
 *   BENCH_GAMES=4, BENCH_ITERATIONS=50, BENCH_AUDIT_DEALS=40, BENCH_OVERRULES=60 (at most)
 */
import {
  botChoice,
  botInput,
  overruleIfBetter,
  type RandomState,
  type Seat,
  searchIsmcts,
  seedRandom,
} from '@tabletop/engine';
import {
  createNemesis,
  fateScores,
  type NemesisAction,
  type NemesisState,
  nemesisOverrule,
  nemesisSearchOptions,
  sensibleBot,
} from '@tabletop/nemesis';
import { mean, sampleStandardDeviation } from 'simple-statistics';
import { positiveWhole, round } from './figures.js';

const games = positiveWhole('BENCH_GAMES', 4);
const iterations = positiveWhole('BENCH_ITERATIONS', 50);
const deals = positiveWhole('BENCH_AUDIT_DEALS', 40);
const most = positiveWhole('BENCH_OVERRULES', 60);
const json = process.argv.includes('--json');

const nemesis = createNemesis();
const options = { ...nemesisSearchOptions(nemesis), iterations };

/** The seat's score at the end of a game played on by the sensible bot on every seat. */
function playedOut(state: NemesisState, seat: Seat, random: RandomState): number {
  for (let step = 0; state.over === null; step++) {
    if (step > 5000) throw new Error('a played-out game ran past 5000 actions');
    const actor = nemesis.prompts(state)[0]!.seats[0]!;
    const outcome = nemesis.apply(
      state,
      actor,
      botChoice(nemesis, sensibleBot(nemesis), state, actor, random),
    );
    if (!outcome.ok) throw new Error(outcome.rejection.message);
  }
  return fateScores(state)[seat] ?? 0;
}

/** The search's choice less the sensible one, per re-deal of what the seat cannot see. */
function differences(
  state: NemesisState,
  seat: Seat,
  chosen: NemesisAction,
  sensible: NemesisAction,
  audit: number,
): number[] {
  const input = botInput(nemesis, state, seat, seedRandom(`audit ${audit}`));
  return Array.from({ length: deals }, (_, deal) => {
    const scores = [chosen, sensible].map((action) => {
      const random = seedRandom(`audit ${audit} deal ${deal}`);
      const copy = input.determinize(random);
      const outcome = nemesis.apply(copy, seat, action);
      if (!outcome.ok) throw new Error(outcome.rejection.message);
      return playedOut(copy, seat, random);
    });
    return scores[0]! - scores[1]!;
  });
}

interface Audit {
  step: string;
  chosen: string;
  sensible: string;
  difference: number;
  error: number;
}

const audits: Audit[] = [];
let decisions = 0;
for (let game = 0; game < games && audits.length < most; game++) {
  const state = nemesis.setup(
    nemesis.options.parse({ players: 4 }),
    `bench/overrule-audit ${game}`,
  );
  const random = seedRandom(`bench/overrule-audit bots ${game}`);
  for (let step = 0; state.over === null && audits.length < most; step++) {
    if (step > 5000) throw new Error(`audit game ${game} ran past 5000 actions`);
    const seat = nemesis.prompts(state)[0]!.seats[0]!;
    const input = botInput(nemesis, state, seat, random);
    let action: NemesisAction = input.legal[0]!;
    if (input.legal.length > 1) {
      decisions++;
      const sensible = botChoice(nemesis, sensibleBot(nemesis), state, seat, random);
      const report = searchIsmcts(nemesis, input, options);
      action = overruleIfBetter(input.legal, report.root, sensible, nemesisOverrule);
      if (JSON.stringify(action) !== JSON.stringify(sensible)) {
        const found = differences(state, seat, action, sensible, audits.length);
        const audit = {
          step: state.stack.at(-1)!.kind,
          chosen: action.type,
          sensible: sensible.type,
          difference: mean(found),
          error: sampleStandardDeviation(found) / Math.sqrt(found.length),
        };
        audits.push(audit);
        if (!json)
          console.log(
            `  overrule ${audits.length} (game ${game}, ${audit.step}): ${audit.chosen} instead of ${audit.sensible}, ${round(audit.difference, 3)} ± ${round(1.96 * audit.error, 3)}`,
          );
      }
    }
    const outcome = nemesis.apply(state, seat, action);
    if (!outcome.ok) throw new Error(outcome.rejection.message);
  }
}

function summary(group: Audit[]) {
  const values = group.map((audit) => audit.difference);
  const error = values.length > 1 ? sampleStandardDeviation(values) / Math.sqrt(values.length) : 0;
  return {
    overrules: group.length,
    mean_difference: round(mean(values), 4),
    ci95: [round(mean(values) - 1.96 * error, 4), round(mean(values) + 1.96 * error, 4)],
    better: group.filter((audit) => audit.difference > 1.96 * audit.error).length,
    worse: group.filter((audit) => audit.difference < -1.96 * audit.error).length,
  };
}

const byKind: Record<string, Audit[]> = {};
for (const audit of audits) {
  const kind = `${audit.chosen} for ${audit.sensible}`;
  byKind[kind] = [...(byKind[kind] ?? []), audit];
}
const report = {
  games,
  iterations_per_choice: iterations,
  deals_per_audit: deals,
  decisions,
  overrules: audits.length,
  all: summary(audits),
  by_kind: Object.fromEntries(
    Object.entries(byKind)
      .sort((a, b) => b[1].length - a[1].length)
      .map(([kind, group]) => [kind, summary(group)]),
  ),
};
if (json) console.log(JSON.stringify(report));
else {
  console.log(
    `${audits.length} overrules in ${decisions} searched decisions; search's choice less sensible's, at the end of the game (win 1, survive 0.7, dead 0):`,
  );
  console.log(`  all: ${JSON.stringify(report.all)}`);
  for (const [kind, figures] of Object.entries(report.by_kind))
    console.log(`  ${kind}: ${JSON.stringify(figures)}`);
}
