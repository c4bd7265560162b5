import type { Scene } from '@tabletop/outgunned';
import type { ReportChart, ReportData } from '@tabletop/web/report';
import { roundsChartRows } from '../report.js';
import type { FightReport, FightSummary } from './simulate.js';

/**
 * A designer's report of an Outgunned simulation: who wins each scene,
 * each Hero's fate and Grit, how long fights last, how they end, and what
 * Left each Hero for Dead.
 */

/** A scene's finished fights by the side that came out on top. */
export interface SceneTally {
  of: number;
  heroes: number;
  enemies: number;
  interrupted: number;
}

/** Of the finished fights a Hero fought: how often their side won, how often they were Left for Dead, and the Grit lost in all. */
export interface HeroTally {
  of: number;
  won: number;
  leftForDead: number;
  gritLost: number;
}

export type FightEnding =
  | 'the Heroes won'
  | 'the Enemies won'
  | 'the Director interrupted'
  | 'the round limit came'
  | 'stopped by a failure';

function add<Key>(map: Map<Key, number>, key: Key, count = 1): void {
  map.set(key, (map.get(key) ?? 0) + count);
}

/** How a fight ended, in the words the report uses. */
export function fightEnding(fight: FightReport): FightEnding {
  switch (fight.outcome) {
    case 'heroes':
      return 'the Heroes won';
    case 'enemies':
      return 'the Enemies won';
    case 'interrupted':
      return fight.interruption === 'round-limit'
        ? 'the round limit came'
        : 'the Director interrupted';
    default:
      return 'stopped by a failure';
  }
}

/**
 * The figures of a run, fight by fight and scene by scene. Fights stopped
 * by a failure count in the endings and nowhere else.
 */
export class OutgunnedTally {
  fights = 0;
  finished = 0;
  readonly byScene = new Map<string, SceneTally>();
  /** By Hero, named with their scene (two scenes may share a name). */
  readonly byHero = new Map<string, HeroTally>();
  readonly endings = new Map<FightEnding, number>();
  /** Finished fights by the rounds they lasted. */
  readonly rounds = new Map<number, number>();
  /** Heroes Left for Dead by what filled their Grit last. */
  readonly defeats = new Map<string, number>();

  add(scene: Scene, fight: FightReport): void {
    this.fights++;
    add(this.endings, fightEnding(fight));
    if (fight.outcome === 'unfinished' || fight.outcome === null) return;
    this.finished++;
    add(this.rounds, fight.rounds);
    const sceneTally = this.byScene.get(scene.name) ?? {
      of: 0,
      heroes: 0,
      enemies: 0,
      interrupted: 0,
    };
    this.byScene.set(scene.name, sceneTally);
    sceneTally.of++;
    sceneTally[fight.outcome]++;
    scene.heroes.forEach((hero, index) => {
      const key = `${hero.name} (${scene.name})`;
      const tally = this.byHero.get(key) ?? { of: 0, won: 0, leftForDead: 0, gritLost: 0 };
      this.byHero.set(key, tally);
      tally.of++;
      if (fight.outcome === 'heroes') tally.won++;
      if (fight.leftForDead[index]) tally.leftForDead++;
      tally.gritLost += fight.gritLost[index] ?? 0;
      const cause = fight.defeatedBy[index];
      if (cause !== null && cause !== undefined) add(this.defeats, cause);
    });
  }
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

function byCountDescending(entries: [string, number][]): { label: string; count: number }[] {
  return entries
    .sort(
      ([firstLabel, first], [secondLabel, second]) =>
        second - first || firstLabel.localeCompare(secondLabel),
    )
    .map(([label, count]) => ({ label, count }));
}

/** The report's page data: the run's settings, then its charts by section. */
export function outgunnedReport(tally: OutgunnedTally, summaries: FightSummary[]): ReportData {
  const number = (value: number) => value.toLocaleString('en-US');
  const first = summaries[0]!;
  const lengths = roundsChartRows(tally.rounds);
  const winRates = summaries
    .map(
      (summary) =>
        `${summary.scene} ${percent(summary.heroes_win_rate.estimate)} (95% interval ${percent(summary.heroes_win_rate.low)} to ${percent(summary.heroes_win_rate.high)})`,
    )
    .join('; ');
  const heroes = [...tally.byHero];

  const wins: ReportChart[] = [
    {
      kind: 'rates',
      name: 'by-scene',
      title: 'Wins by side, by scene',
      note: `The Heroes win: ${winRates}.`,
      series: [
        { key: 'heroes', label: 'Heroes won' },
        { key: 'enemies', label: 'Enemies won' },
        { key: 'interrupted', label: 'interrupted' },
      ],
      rows: [...tally.byScene].map(([scene, counts]) => ({
        label: scene,
        of: counts.of,
        counts: { heroes: counts.heroes, enemies: counts.enemies, interrupted: counts.interrupted },
      })),
    },
    {
      kind: 'rates',
      name: 'by-hero',
      title: 'Each Hero: won, and Left for Dead',
      note: "Of the fights each Hero fought: the Heroes' side won, and this Hero was Left for Dead.",
      series: [
        { key: 'won', label: 'side won' },
        { key: 'leftForDead', label: 'Left for Dead' },
      ],
      rows: heroes.map(([hero, counts]) => ({
        label: hero,
        of: counts.of,
        counts: { won: counts.won, leftForDead: counts.leftForDead },
      })),
    },
    {
      kind: 'counts',
      name: 'grit-lost',
      title: 'Grit lost a fight',
      note: 'The Grit boxes each Hero filled in a fight, on average.',
      unit: 'Grit a fight',
      layout: 'bars',
      rows: heroes.map(([hero, counts]) => ({
        label: hero,
        count: counts.of > 0 ? Number((counts.gritLost / counts.of).toFixed(2)) : 0,
      })),
    },
  ];

  const fights: ReportChart[] = [
    {
      kind: 'counts',
      name: 'fight-length',
      title: 'Fight length',
      note:
        tally.finished > 0
          ? `Rounds of each finished fight: ${lengths.average.toFixed(1)} on average.`
          : 'No fight finished.',
      unit: 'fights',
      layout: 'columns',
      rows: lengths.rows,
    },
    {
      kind: 'counts',
      name: 'endings',
      title: 'Endings',
      unit: 'fights',
      layout: 'bars',
      rows: byCountDescending([...tally.endings]),
    },
    {
      kind: 'counts',
      name: 'causes-of-defeat',
      title: 'Causes of defeat',
      note: 'What filled the Grit of each Hero Left for Dead last: the loss that brought the Death Roulette they lost.',
      unit: 'Heroes Left for Dead',
      layout: 'bars',
      rows: byCountDescending([...tally.defeats]),
    },
  ];

  return {
    title: `Outgunned: ${number(tally.fights)} simulated fights`,
    settings: [
      { label: 'Ruleset', value: 'Outgunned (combat)' },
      { label: 'Scenes', value: summaries.map((summary) => summary.scene).join(', ') },
      {
        label: 'Fights',
        value:
          summaries.length === 1
            ? number(first.fights)
            : `${number(first.fights)} of each scene, ${number(tally.fights)} in all`,
      },
      {
        label: 'Bots',
        value: `${first.bots.heroes} for the Heroes, ${first.bots.director} for the Director`,
      },
      // The fights are over: their seed no longer hides anything, and it replays each of them.
      {
        label: 'Seed',
        value: `${first.seed} (fight N of a scene is dealt from "${first.seed}/N")`,
      },
      { label: 'Finished fights', value: number(tally.finished) },
      {
        label: 'Errors',
        value: number(summaries.reduce((total, summary) => total + summary.errors, 0)),
      },
      {
        label: 'Invariant violations',
        value: number(
          summaries.reduce((total, summary) => total + summary.invariant_violations, 0),
        ),
      },
      {
        label: 'Time',
        value: `${summaries.reduce((total, summary) => total + summary.seconds, 0).toFixed(3)} s`,
      },
    ],
    sections: [
      { title: 'Wins', charts: wins },
      { title: 'Fights', charts: fights },
    ],
  };
}
