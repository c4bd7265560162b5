import type { Glossary } from '@tabletop/nemesis';
import type { ReportChart, ReportData, ReportSection } from '@tabletop/web/report';
import { roundsChartRows } from '../report.js';
import { type CardFamily, cardFamilies } from './card-resolutions.js';
import type { Ending, GameReport, SimulationSummary } from './simulate.js';

/**
 * A designer's report of a Nemesis simulation: each finished game's fates
 * tallied by character, seat, player count, mode and Objective, with the
 * games' length, endings, causes of death and the cards that resolved.
 */

/** Of the characters a group counts, how many survived and how many won. */
export interface Share {
  of: number;
  survived: number;
  won: number;
}

function emptyShare(): Share {
  return { of: 0, survived: 0, won: 0 };
}

function add<Key>(map: Map<Key, number>, key: Key, count = 1): void {
  map.set(key, (map.get(key) ?? 0) + count);
}

/**
 * The figures of a run, game by game. Games stopped by a failure count in
 * the endings ("unfinished") and nowhere else: they have no fates.
 */
export class NemesisTally {
  games = 0;
  finished = 0;
  characters = 0;
  survivors = 0;
  winners = 0;
  readonly byCharacter = new Map<string, Share>();
  readonly bySeat = new Map<string, Share>();
  readonly byPlayers = new Map<number, Share>();
  readonly byMode = new Map<string, Share>();
  /** By each Objective held: the characters who held it. */
  readonly byObjective = new Map<string, Share>();
  /** Finished games by the rounds they lasted. */
  readonly rounds = new Map<number, number>();
  readonly endings = new Map<Ending, number>();
  /** Deaths by what caused them. */
  readonly deaths = new Map<string, number>();

  add(game: GameReport): void {
    this.games++;
    add(this.endings, game.ending);
    if (game.ending === 'unfinished') return;
    this.finished++;
    add(this.rounds, game.rounds);
    for (const outcome of game.outcomes) {
      this.characters++;
      if (outcome.survived) this.survivors++;
      if (outcome.won) this.winners++;
      const groups = [
        share(this.byCharacter, outcome.character),
        share(this.bySeat, outcome.seat),
        share(this.byPlayers, game.players),
        share(this.byMode, game.mode),
        ...outcome.objectives.map((objective) => share(this.byObjective, objective)),
      ];
      for (const group of groups) {
        group.of++;
        if (outcome.survived) group.survived++;
        if (outcome.won) group.won++;
      }
      if (outcome.death !== null) add(this.deaths, causeOfDeath(outcome.death));
    }
  }
}

function share<Key>(map: Map<Key, Share>, key: Key): Share {
  let found = map.get(key);
  if (!found) {
    found = emptyShare();
    map.set(key, found);
  }
  return found;
}

/**
 * A cause of death as a report groups it: which Intruder struck, not
 * which one of them ("Adult #3" and "Adult #7" are one cause).
 */
export function causeOfDeath(cause: string): string {
  return cause.replace(/ #\d+/g, '');
}

const survivalSeries = [
  { key: 'survived', label: 'survived' },
  { key: 'won', label: 'won' },
];

function ratesChart(
  name: string,
  title: string,
  rows: [string, Share][],
  note?: string,
): ReportChart {
  return {
    kind: 'rates',
    name,
    title,
    ...(note ? { note } : {}),
    series: survivalSeries,
    rows: rows.map(([label, tally]) => ({
      label,
      of: tally.of,
      counts: { survived: tally.survived, won: tally.won },
    })),
  };
}

/** Labels made unique: two cards of one name are told apart by their ids. */
function uniqueLabels(ids: readonly string[], name: (id: string) => string): Map<string, string> {
  const names = ids.map(name);
  return new Map(
    ids.map((id, index) => {
      const label = names[index]!;
      return [id, names.indexOf(label) === names.lastIndexOf(label) ? label : `${label} (${id})`];
    }),
  );
}

const familyTitles: Record<CardFamily, string> = {
  action_cards: 'Action cards played',
  items: 'Items used, reacted with or fired',
  event_cards: 'Event cards whose effect resolved',
  intruder_attack_cards: 'Intruder Attack cards that hit',
  weaknesses: 'Weaknesses that changed an outcome',
};

function cardName(glossary: Glossary, family: CardFamily, id: string): string {
  const { tables } = glossary;
  switch (family) {
    case 'action_cards':
      return glossary.card(id);
    case 'items':
      return glossary.item(id);
    case 'event_cards':
      return tables.eventCards.get(id)?.name ?? id;
    case 'intruder_attack_cards':
      return tables.attackCards.get(id)?.name ?? id;
    case 'weaknesses':
      return glossary.weakness(id);
  }
}

const endingWords: Record<Ending, string> = {
  jump: 'the ship jumped',
  destruction: 'the ship was destroyed',
  'no-character-active': 'no character left aboard',
  unfinished: 'stopped by a failure',
};

function byLabel<Value>(entries: [string, Value][]): [string, Value][] {
  return entries.sort(([first], [second]) => first.localeCompare(second));
}

function byCountDescending(entries: [string, number][]): [string, number][] {
  return entries.sort(
    ([firstLabel, first], [secondLabel, second]) =>
      second - first || firstLabel.localeCompare(secondLabel),
  );
}

/** The report's page data: the run's settings, then its charts by section. */
export function nemesisReport(
  tally: NemesisTally,
  summary: SimulationSummary,
  glossary: Glossary,
): ReportData {
  const modes = [...tally.byMode.keys()].sort();
  const number = (value: number) => value.toLocaleString('en-US');
  const seatLabel = (seat: string) => `Player ${Number(seat) + 1} (seat ${seat})`;
  const lengths = roundsChartRows(tally.rounds);

  const fates: ReportSection = {
    title: 'Survival and wins',
    note: `Of the ${number(tally.characters)} characters of the ${number(tally.finished)} finished games, ${number(tally.survivors)} survived (hibernating or escaped) and ${number(tally.winners)} won (survived and met their Objectives). Each bar is a share of the characters its row counts.`,
    charts: [
      ratesChart(
        'by-character',
        'By character',
        byLabel(
          [...tally.byCharacter].map(([id, share]): [string, Share] => [
            glossary.character(id),
            share,
          ]),
        ),
      ),
      ratesChart(
        'by-seat',
        'By seat',
        [...tally.bySeat]
          .sort(([first], [second]) => Number(first) - Number(second))
          .map(([seat, share]): [string, Share] => [seatLabel(seat), share]),
        'Player 1 is the first seat; who plays first is drawn each game.',
      ),
      ratesChart(
        'by-players',
        'By player count',
        [...tally.byPlayers]
          .sort(([first], [second]) => first - second)
          .map(([players, share]): [string, Share] => [
            `${players} player${players === 1 ? '' : 's'}`,
            share,
          ]),
      ),
      ratesChart(
        'by-mode',
        'By mode',
        byLabel([...tally.byMode]),
        'The mode each game was set up in.',
      ),
      ratesChart(
        'by-objective',
        'By Objective held',
        byLabel(
          [...tally.byObjective].map(([id, share]): [string, Share] => [
            glossary.objective(id),
            share,
          ]),
        ),
        'A character holding two Objectives counts under each; to win, a survivor meets them all.',
      ),
    ],
  };

  const games: ReportSection = {
    title: 'Games',
    charts: [
      {
        kind: 'counts',
        name: 'game-length',
        title: 'Game length',
        note:
          tally.finished > 0
            ? `Rounds begun by the end of each finished game: ${lengths.average.toFixed(1)} on average, ${summary.mean_actions_per_game} actions a game.`
            : 'No game finished.',
        unit: 'games',
        layout: 'columns',
        rows: lengths.rows,
      },
      {
        kind: 'counts',
        name: 'endings',
        title: 'Endings',
        unit: 'games',
        layout: 'bars',
        rows: byCountDescending(
          [...tally.endings].map(([ending, count]): [string, number] => [
            endingWords[ending],
            count,
          ]),
        ).map(([label, count]) => ({ label, count })),
      },
      {
        kind: 'counts',
        name: 'causes-of-death',
        title: 'Causes of death',
        note: 'What killed each character who did not survive, during the game or at its end.',
        unit: 'deaths',
        layout: 'bars',
        rows: byCountDescending([...tally.deaths]).map(([label, count]) => ({ label, count })),
      },
    ],
  };

  const cards: ReportSection = {
    title: 'Cards resolved',
    note: 'How often each card of the pack resolved over the run, most often first; a card that never resolved shows as a sliver at 0.',
    charts: cardFamilies.map((family): ReportChart => {
      const counts = summary.cards_resolved[family];
      const labels = uniqueLabels(Object.keys(counts), (id) => cardName(glossary, family, id));
      return {
        kind: 'counts',
        name: `cards-${family.replace(/_/g, '-')}`,
        title: familyTitles[family],
        unit: 'times resolved',
        layout: 'bars',
        rows: byCountDescending(
          Object.entries(counts).map(([id, count]): [string, number] => [labels.get(id)!, count]),
        ).map(([label, count]) => ({ label, count })),
      };
    }),
  };

  return {
    title: `Nemesis: ${number(summary.games)} simulated games`,
    settings: [
      { label: 'Ruleset', value: 'Nemesis' },
      { label: 'Games', value: number(summary.games) },
      {
        label: 'Players',
        value: summary.players === '1-5' ? '1 to 5, drawn for each game' : String(summary.players),
      },
      { label: 'Bots', value: `${summary.bot} on every seat` },
      { label: 'Mode', value: modes.length > 0 ? modes.join(', ') : 'standard' },
      // The games are over: their seed no longer hides anything, and it replays each of them.
      { label: 'Seed', value: `${summary.seed} (game N is dealt from "${summary.seed}/N")` },
      { label: 'Finished games', value: number(tally.finished) },
      { label: 'Errors', value: number(summary.errors) },
      { label: 'Invariant violations', value: number(summary.invariant_violations) },
      { label: 'Time', value: `${summary.seconds} s` },
    ],
    sections: [fates, games, cards],
  };
}
