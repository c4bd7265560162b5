import { createNemesis } from '@tabletop/nemesis';
import { describe, expect, it } from 'vitest';
import { cardFamilies } from '../src/nemesis/card-resolutions.js';
import { causeOfDeath, NemesisTally, nemesisReport, type Share } from '../src/nemesis/report.js';
import { type GameReport, modeOf, simulateNemesis } from '../src/nemesis/simulate.js';
import { collect } from './helpers.js';

const nemesis = createNemesis();

/** A run of random games (1 to 5 players), with each game's report kept. */
function run(games: number) {
  const played: GameReport[] = [];
  const tally = new NemesisTally();
  const summary = simulateNemesis(
    { games, bot: 'random', seed: 'report-tally', json: true },
    collect().io,
    {
      ruleset: nemesis,
      onGame: (game) => {
        played.push(game);
        tally.add(game);
      },
    },
  );
  return { played, tally, summary };
}

function sum(shares: Iterable<Share>): Share {
  const total = { of: 0, survived: 0, won: 0 };
  for (const share of shares) {
    total.of += share.of;
    total.survived += share.survived;
    total.won += share.won;
  }
  return total;
}

describe("a Nemesis designer's report", () => {
  const { played, tally, summary } = run(24);

  it('counts every game once, by its ending and, when finished, by its length', () => {
    expect(tally.games).toBe(24);
    expect([...tally.endings.values()].reduce((total, games) => total + games, 0)).toBe(24);
    expect(tally.finished).toBe(played.filter((game) => game.ending !== 'unfinished').length);
    expect(tally.finished).toBe(24);
    expect([...tally.rounds.values()].reduce((total, games) => total + games, 0)).toBe(24);
    for (const [ending, games] of tally.endings) expect(summary.endings[ending]).toBe(games);
    // Random games reach the Event Phase: none ends in round 0.
    expect(Math.min(...tally.rounds.keys())).toBeGreaterThan(0);
  });

  it('survivors and the dead of each game add up to its seats, in every grouping', () => {
    for (const game of played) {
      const dead = game.outcomes.filter((outcome) => outcome.death !== null).length;
      const alive = game.outcomes.filter((outcome) => outcome.survived).length;
      expect(alive + dead).toBe(game.players);
      expect(alive).toBe(game.survivors);
    }
    const seats = played.reduce((total, game) => total + game.players, 0);
    expect(tally.characters).toBe(seats);
    const deaths = [...tally.deaths.values()].reduce((total, count) => total + count, 0);
    expect(tally.survivors + deaths).toBe(seats);
    for (const grouping of [tally.byCharacter, tally.bySeat, tally.byPlayers, tally.byMode])
      expect(sum(grouping.values())).toEqual({
        of: tally.characters,
        survived: tally.survivors,
        won: tally.winners,
      });
    for (const share of [...tally.bySeat.values(), ...tally.byObjective.values()]) {
      expect(share.won).toBeLessThanOrEqual(share.survived);
      expect(share.survived).toBeLessThanOrEqual(share.of);
    }
    // Each Objective held counts its holder once.
    const held = played.flatMap((game) => game.outcomes).flatMap((outcome) => outcome.objectives);
    expect(sum(tally.byObjective.values()).of).toBe(held.length);
    // Seat 0 plays in every game; seat 4 only in five-player games.
    expect(tally.bySeat.get('0')?.of).toBe(24);
    expect(tally.bySeat.get('4')?.of ?? 0).toBe((tally.byPlayers.get(5)?.of ?? 0) / 5);
  });

  it('agrees with the summary simulate prints', () => {
    expect(tally.survivors).toBe(summary.survivors);
    expect(tally.winners).toBe(summary.winners.total);
    for (const [character, share] of tally.byCharacter)
      expect(summary.by_character[character]).toEqual({
        played: share.of,
        survived: share.survived,
        won: share.won,
      });
  });

  it('reads the mode from the options, and groups games by it', () => {
    expect(modeOf(nemesis.options.parse({ players: 2 }))).toBe('standard');
    expect(modeOf({ players: 2, mode: 'cooperative' })).toBe('cooperative');
    const mixed = new NemesisTally();
    const [first, second] = played;
    mixed.add(first!);
    mixed.add({ ...second!, mode: 'cooperative' });
    expect(mixed.byMode.get('standard')?.of).toBe(first!.players);
    expect(mixed.byMode.get('cooperative')?.of).toBe(second!.players);
  });

  it('groups deaths by the kind of Intruder, not by which one', () => {
    expect(causeOfDeath('Bite of Adult #3')).toBe('Bite of Adult');
    expect(causeOfDeath('the jump into hyperspace')).toBe('the jump into hyperspace');
    for (const cause of tally.deaths.keys()) expect(cause).not.toMatch(/#\d/);
  });

  it("draws from the tally: each chart's rows hold its figures", () => {
    const report = nemesisReport(tally, summary, nemesis.glossary);
    const charts = new Map(
      report.sections.flatMap((section) => section.charts).map((chart) => [chart.name, chart]),
    );
    const bySeat = charts.get('by-seat');
    expect(bySeat?.kind).toBe('rates');
    if (bySeat?.kind === 'rates') {
      expect(bySeat.rows.map((row) => row.of)).toEqual(
        [...tally.bySeat.keys()].sort().map((seat) => tally.bySeat.get(seat)!.of),
      );
      expect(bySeat.rows.reduce((total, row) => total + (row.counts.survived ?? 0), 0)).toBe(
        tally.survivors,
      );
    }
    const length = charts.get('game-length');
    if (length?.kind !== 'counts') throw new Error('the game length is a count of games');
    expect(length.rows.reduce((total, row) => total + row.count, 0)).toBe(tally.finished);
    for (const family of cardFamilies) {
      const chart = charts.get(`cards-${family.replace(/_/g, '-')}`);
      if (chart?.kind !== 'counts') throw new Error(`no chart of ${family}`);
      // Every card of the pack has its bar, each label once.
      expect(chart.rows).toHaveLength(Object.keys(summary.cards_resolved[family]).length);
      expect(new Set(chart.rows.map((row) => row.label)).size).toBe(chart.rows.length);
      expect(chart.rows.reduce((total, row) => total + row.count, 0)).toBe(
        Object.values(summary.cards_resolved[family]).reduce((total, count) => total + count, 0),
      );
    }
    const seed = report.settings.find((setting) => setting.label === 'Seed');
    expect(seed?.value).toContain('report-tally');
  });
});
