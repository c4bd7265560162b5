import { botChoice, seedRandom } from '@tabletop/engine';
import {
  exampleScenePath,
  fightOptionsSchema,
  outgunnedFight,
  readSceneFile,
  type Scene,
  sensibleFightBot,
} from '@tabletop/outgunned';
import { describe, expect, it } from 'vitest';
import { fightEnding, OutgunnedTally, outgunnedReport } from '../src/outgunned/report.js';
import { type FightReport, simulateScene } from '../src/outgunned/simulate.js';
import { collect } from './helpers.js';

const scenes = (['bar-brawl', 'rooftop-boss'] as const).map((name) =>
  readSceneFile(exampleScenePath(name)),
);

/** Both scenes' fights, each fight's report kept beside the tally. */
function run(fights: number) {
  const tally = new OutgunnedTally();
  const played: { scene: Scene; fight: FightReport }[] = [];
  const summaries = scenes.map((scene) =>
    simulateScene(
      scene,
      { fights, seed: 'report-tally', json: true },
      collect().io,
      { director: sensibleFightBot, heroes: sensibleFightBot },
      (foughtIn, fight) => {
        played.push({ scene: foughtIn, fight });
        tally.add(foughtIn, fight);
      },
    ),
  );
  return { tally, played, summaries };
}

describe("an Outgunned designer's report", () => {
  const { tally, played, summaries } = run(60);

  it('counts every fight once: by its ending, by its scene and side, and by its length', () => {
    expect(tally.fights).toBe(120);
    expect([...tally.endings.values()].reduce((total, fights) => total + fights, 0)).toBe(120);
    expect([...tally.rounds.values()].reduce((total, fights) => total + fights, 0)).toBe(
      tally.finished,
    );
    scenes.forEach((scene, index) => {
      const counts = tally.byScene.get(scene.name)!;
      const summary = summaries[index]!;
      expect(counts.heroes + counts.enemies + counts.interrupted).toBe(counts.of);
      expect(counts).toEqual({
        of: summary.fights - summary.outcomes.unfinished,
        heroes: summary.outcomes.heroes,
        enemies: summary.outcomes.enemies,
        interrupted: summary.outcomes.interrupted,
      });
    });
  });

  it("agrees with each scene's summary on every Hero", () => {
    scenes.forEach((scene, index) => {
      summaries[index]!.heroes.forEach((hero) => {
        const counts = tally.byHero.get(`${hero.name} (${scene.name})`)!;
        expect(counts.leftForDead).toBe(hero.left_for_dead);
        expect(counts.gritLost / counts.of).toBeCloseTo(hero.mean_grit_lost, 2);
        expect(counts.won).toBe(summaries[index]!.outcomes.heroes);
      });
    });
  });

  it('names a cause for every Hero Left for Dead: the Grit loss that brought it', () => {
    const leftForDead = [...tally.byHero.values()].reduce(
      (total, hero) => total + hero.leftForDead,
      0,
    );
    // The sensible Heroes do fall in these scenes: the test would prove nothing otherwise.
    expect(leftForDead).toBeGreaterThan(0);
    expect([...tally.defeats.values()].reduce((total, count) => total + count, 0)).toBe(
      leftForDead,
    );
    expect(tally.defeats.has('unknown')).toBe(false);
    for (const { fight } of played)
      expect(fight.defeatedBy.map((cause) => cause !== null)).toEqual(fight.leftForDead);
  });

  it('tells an interruption at the round limit from one by the Director', () => {
    // The rooftop boss takes four rounds at the least: one round is never enough.
    const state = outgunnedFight.setup(
      fightOptionsSchema.parse({ scene: scenes[1], maxRounds: 1 }),
      'short',
    );
    const interruptions: unknown[] = [];
    const random = seedRandom('short/bots');
    for (let actions = 0; state.outcome === null && actions < 500; actions++) {
      const seat = outgunnedFight.prompts(state)[0]!.seats[0]!;
      const action = botChoice(outgunnedFight, sensibleFightBot, state, seat, random);
      const outcome = outgunnedFight.apply(state, seat, action);
      if (!outcome.ok) throw new Error(outcome.rejection.message);
      for (const event of outcome.events)
        if (event.type === 'interrupted') interruptions.push(event.by);
    }
    expect(state.outcome).toBe('interrupted');
    expect(interruptions).toEqual(['round-limit']);
    const base = played[0]!.fight;
    expect(fightEnding({ ...base, outcome: 'interrupted', interruption: 'round-limit' })).toBe(
      'the round limit came',
    );
    expect(fightEnding({ ...base, outcome: 'interrupted', interruption: 'director' })).toBe(
      'the Director interrupted',
    );
  });

  it('draws from the tally, and states the settings and seed', () => {
    const report = outgunnedReport(tally, summaries);
    const charts = report.sections.flatMap((section) => section.charts);
    const length = charts.find((chart) => chart.name === 'fight-length');
    if (length?.kind !== 'counts') throw new Error('fight length counts fights');
    expect(length.rows.reduce((total, row) => total + row.count, 0)).toBe(tally.finished);
    const bySide = charts.find((chart) => chart.name === 'by-scene');
    if (bySide?.kind !== 'rates') throw new Error('wins by scene are shares');
    expect(bySide.rows.map((row) => row.label)).toEqual(scenes.map((scene) => scene.name));
    const settings = Object.fromEntries(report.settings.map((entry) => [entry.label, entry.value]));
    expect(settings.Seed).toContain('report-tally');
    expect(settings.Fights).toBe('60 of each scene, 120 in all');
  });
});
