import type { GameEvent } from '@tabletop/engine';
import {
  createNemesis,
  type NemesisBot,
  type NemesisRuleset,
  objectiveAskKinds,
  randomBot,
} from '@tabletop/nemesis';
import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { cardFamilies } from '../src/nemesis/card-resolutions.js';
import {
  exitCodeOf,
  gameSeed,
  playersFor,
  playNemesisGame,
  type SimulateFlags,
  simulateNemesis,
  simulateNemesisCommand,
} from '../src/nemesis/simulate.js';
import { collect } from './helpers.js';

const nemesis = createNemesis();

function run(flags: Partial<SimulateFlags>, bot?: NemesisBot) {
  const streams = collect();
  const summary = simulateNemesis(
    { games: 30, bot: 'random', seed: 'sim', json: true, ...flags },
    streams.io,
    { ruleset: nemesis, ...(bot ? { bot } : {}) },
  );
  return { summary, output: streams.printed(), error: streams.errors() };
}

describe('tabletop simulate nemesis', () => {
  it('30 random games end without errors or invariant violations, as one JSON object', () => {
    const { summary, output, error } = run({});
    expect(summary.errors).toBe(0);
    expect(summary.invariant_violations).toBe(0);
    expect(exitCodeOf(summary)).toBe(0);
    const printed = JSON.parse(output);
    for (const key of [
      'games',
      'errors',
      'invariant_violations',
      'games_per_second',
      'endings',
      'actions',
      'actions_per_second',
      'survivors',
      'max_legal_actions',
    ])
      expect(printed).toHaveProperty(key);
    expect(printed.games).toBe(30);
    expect(output.trim().split('\n')).toHaveLength(1);
    const ended = Object.values(printed.endings as Record<string, number>).reduce(
      (sum, count) => sum + count,
      0,
    );
    expect(ended).toBe(30);
    expect(printed.endings.unfinished).toBe(0);
    expect(printed.actions).toBeGreaterThan(30);
    // Not a terminal: no progress bar.
    expect(error).toBe('');
  });

  it('reports survivors, winners in all and by Objective, and each character played, alive and winning', () => {
    const { summary, output } = run({ games: 60 });
    const printed = JSON.parse(output);
    expect(printed).toHaveProperty('winners.total');
    expect(printed).toHaveProperty('winners.by_objective');
    expect(printed).toHaveProperty('by_character');
    const tallies = Object.values(summary.by_character);
    const sum = (pick: (tally: (typeof tallies)[number]) => number) =>
      tallies.reduce((total, tally) => total + pick(tally), 0);
    // Every character of every finished game is counted once; the tallies agree with the totals.
    expect(sum((tally) => tally.played)).toBe(summary.characters);
    expect(sum((tally) => tally.survived)).toBe(summary.survivors);
    expect(sum((tally) => tally.won)).toBe(summary.winners.total);
    expect(summary.winners.total).toBeLessThanOrEqual(summary.survivors);
    for (const tally of tallies) {
      expect(tally.survived).toBeLessThanOrEqual(tally.played);
      expect(tally.won).toBeLessThanOrEqual(tally.survived);
    }
    const byObjective = Object.values(summary.winners.by_objective).reduce((a, b) => a + b, 0);
    expect(byObjective).toBeGreaterThanOrEqual(summary.winners.total);
  });

  it('reports, by Objective held, the survivors and the winners among them, and which survivors missed most', () => {
    const { summary } = run({ games: 80, bot: 'normal', players: 4 });
    const tallies = Object.values(summary.by_objective);
    const sum = (pick: (tally: (typeof tallies)[number]) => number) =>
      tallies.reduce((total, tally) => total + pick(tally), 0);
    for (const tally of tallies) {
      expect(tally.survived).toBeLessThanOrEqual(tally.held);
      expect(tally.won).toBeLessThanOrEqual(tally.survived);
    }
    // Each character holds one card or more at the end: the cards' counts cover every one.
    expect(sum((tally) => tally.held)).toBeGreaterThanOrEqual(summary.characters);
    expect(sum((tally) => tally.survived)).toBeGreaterThanOrEqual(summary.survivors);
    expect(sum((tally) => tally.won)).toBeGreaterThanOrEqual(summary.winners.total);
    const text = run({ games: 80, bot: 'normal', players: 4, json: false }).output;
    const line = text.split('\n').find((each) => each.startsWith('missed by survivors'));
    // The Objective its survivors missed most comes first, with its met/survived.
    const [worst, counts] = Object.entries(summary.by_objective).sort(
      ([first, one], [second, other]) =>
        other.survived - other.won - (one.survived - one.won) || first.localeCompare(second),
    )[0]!;
    expect(counts.survived).toBeGreaterThan(counts.won);
    expect(line).toContain(`missed by survivors  ${worst} ${counts.won}/${counts.survived}`);
  });

  it('reports the same by what the cards ask besides surviving: a card met by leaving is met by every survivor', () => {
    const { summary } = run({ games: 80, bot: 'normal', players: 4 });
    const kinds = summary.by_what_it_asks;
    const held = Object.values(kinds).reduce((total, tally) => total + tally.held, 0);
    expect(held).toBeGreaterThanOrEqual(summary.characters);
    expect(Object.keys(kinds).sort()).toEqual([...objectiveAskKinds].sort());
    expect(kinds.leaving!.survived).toBeGreaterThan(0);
    expect(kinds.leaving!.won).toBe(kinds.leaving!.survived);
    expect(kinds.errand!.won).toBeLessThan(kinds.errand!.survived);
    const text = run({ games: 80, bot: 'normal', players: 4, json: false }).output;
    const line = text.split('\n').find((each) => each.startsWith('what the cards ask'));
    expect(line).toBe(
      `what the cards ask   ${objectiveAskKinds.map((kind) => `${kind} ${kinds[kind]!.won}/${kinds[kind]!.survived}`).join(', ')} (met/survived, besides surviving)`,
    );
  });

  it('reports how the bot plays for its Objectives: survivors who won, characters who won', () => {
    const { summary, output } = run({ games: 60, bot: 'normal' });
    const play = JSON.parse(output).objective_play;
    expect(play.survivors_who_won.estimate).toBeCloseTo(
      summary.winners.total / summary.survivors,
      4,
    );
    expect(play.characters_who_won.estimate).toBeCloseTo(
      summary.winners.total / summary.characters,
      4,
    );
    for (const share of [play.survivors_who_won, play.characters_who_won]) {
      expect(share.low).toBeLessThanOrEqual(share.estimate);
      expect(share.high).toBeGreaterThanOrEqual(share.estimate);
    }
    expect(summary.survivors).toBeGreaterThan(summary.winners.total);
  });

  it('a game report lists each character with their fate from the victory check', () => {
    const game = playNemesisGame(nemesis, randomBot, { seed: 'fates', players: 4 });
    expect(game.outcomes).toHaveLength(4);
    expect(game.outcomes.filter((outcome) => outcome.survived)).toHaveLength(game.survivors);
    for (const outcome of game.outcomes) {
      expect(nemesis.tables.characters.has(outcome.character)).toBe(true);
      if (outcome.won) expect(outcome.survived).toBe(true);
    }
  });

  it('reports the most legal actions any seat had at once: choices come one at a time, so few', () => {
    const { summary } = run({});
    // Every game offers a choice of several actions somewhere, and never the product of them all.
    expect(summary.max_legal_actions).toBeGreaterThan(2);
    expect(summary.max_legal_actions).toBeLessThanOrEqual(60);
    const game = playNemesisGame(nemesis, randomBot, { seed: 'most', players: 3 });
    expect(game.maxLegalActions).toBeGreaterThan(2);
    expect(game.maxLegalActions).toBeLessThanOrEqual(60);
  });

  it('shows a progress bar on the error stream only when it is a terminal', () => {
    const streams = collect();
    Object.assign(streams.io.error, { isTTY: true, columns: 80 });
    simulateNemesis({ games: 5, bot: 'random', seed: 'tty', json: true }, streams.io, {
      ruleset: nemesis,
    });
    expect(streams.errors()).toMatch(/5\/5 games/);
    expect(streams.printed().trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(streams.printed()).games).toBe(5);
  });

  it('the sensible bot plays clean games too', () => {
    const { summary } = run({ bot: 'sensible', games: 15 });
    expect(summary.errors).toBe(0);
    expect(summary.invariant_violations).toBe(0);
  });

  it('the same seed gives the same games', () => {
    const first = run({ seed: 'again' }).summary;
    const second = run({ seed: 'again' }).summary;
    expect(second.endings).toEqual(first.endings);
    expect(second.actions).toBe(first.actions);
    expect(second.killed).toBe(first.killed);
    const other = run({ seed: 'other' }).summary;
    expect(other.actions).not.toBe(first.actions);
  });

  it('player counts vary from 1 to 5 with the seed, or are fixed by --players', () => {
    const counts = new Set(
      Array.from({ length: 50 }, (_, index) => playersFor(gameSeed('p', index))),
    );
    expect([...counts].sort()).toEqual([1, 2, 3, 4, 5]);
    const { summary } = run({ games: 10, players: 4 });
    expect(summary.characters).toBe(40);
  });

  it('prints a table for people with games, speed and endings', () => {
    const { output } = run({ games: 5, json: false });
    expect(output).toMatch(/^Nemesis: 5 games, random bot/);
    expect(output).toMatch(/errors\s+0\n/);
    expect(output).toMatch(/invariant violations\s+0\n/);
    expect(output).toMatch(/games\/s, [\d,]+ actions\/s/);
    expect(output).toMatch(/endings\s+jump \d+, destruction \d+, no-character-active \d+/);
    expect(output).toMatch(/survivors/);
    expect(output).toMatch(/never resolved\s+\S/);
  });

  it('cards_resolved lists every card of the five families, and never_resolved those counted 0', () => {
    const { summary, output } = run({ games: 10 });
    const printed = JSON.parse(output);
    expect(Object.keys(printed.cards_resolved)).toEqual([...cardFamilies]);
    expect(Object.keys(printed.never_resolved)).toEqual([...cardFamilies]);
    const { tables } = nemesis;
    const ids = (family: (typeof cardFamilies)[number]) =>
      Object.keys(printed.cards_resolved[family]).sort();
    expect(ids('action_cards')).toEqual([...tables.actionCards.keys()].sort());
    expect(ids('action_cards')).toHaveLength(60);
    expect(ids('items')).toEqual([...tables.items.keys()].sort());
    expect(ids('event_cards')).toHaveLength(20);
    expect(ids('intruder_attack_cards')).toEqual([...tables.attackCards.keys()].sort());
    expect(ids('weaknesses')).toHaveLength(8);
    for (const family of cardFamilies)
      expect(summary.never_resolved[family]).toEqual(
        Object.entries(summary.cards_resolved[family])
          .filter(([, times]) => times === 0)
          .map(([id]) => id),
      );
  });

  it('counts each resolution from the events of the actions applied', () => {
    // The same rules, keeping every event the games produce (whispers too).
    const events: GameEvent[] = [];
    const watched: NemesisRuleset = Object.create(nemesis);
    watched.apply = (state, seat, action) => {
      const outcome = nemesis.apply(state, seat, action);
      if (outcome.ok) events.push(...outcome.events);
      return outcome;
    };
    const streams = collect();
    const summary = simulateNemesis(
      { games: 8, bot: 'random', seed: 'cards', json: true },
      streams.io,
      { ruleset: watched },
    );
    const times = (type: string, field: string, id: string, when = (_: GameEvent) => true) =>
      events.filter((event) => event.type === type && event[field] === id && when(event)).length;
    const played = events.find((event) => event.type === 'play-card')!.card as string;
    expect(summary.cards_resolved.action_cards[played]).toBe(times('play-card', 'card', played));
    expect(summary.cards_resolved.action_cards[played]).toBeGreaterThan(0);
    const hit = events.find((event) => event.type === 'intruder-attack' && event.hit)!
      .card as string;
    expect(summary.cards_resolved.intruder_attack_cards[hit]).toBe(
      times('intruder-attack', 'card', hit, (event) => event.hit === true),
    );
    // A miss is no resolution.
    const attacks = times('intruder-attack', 'card', hit);
    expect(summary.cards_resolved.intruder_attack_cards[hit]).toBeLessThanOrEqual(attacks);
    for (const card of nemesis.tables.eventCards.keys())
      expect(summary.cards_resolved.event_cards[card]).toBe(times('event-effect', 'card', card));
    for (const item of nemesis.tables.items.keys())
      expect(summary.cards_resolved.items[item]).toBe(
        times('use-item', 'item', item) +
          times('reaction', 'item', item) +
          times('shoot', 'weapon', item) +
          (['autoloader', 'intercom', 'holo-computer'].includes(item)
            ? times('quest-completed', 'item', item)
            : 0),
      );
  });

  it('counts a refused action as an error, with the seed that replays the game', () => {
    const stubborn: NemesisBot = {
      name: 'stubborn',
      // Passing is legal only on a turn of its own; the draft asks for a character first.
      choose: () => ({ type: 'pass', discard: [] }),
    };
    const { summary, output } = run({ games: 3 }, stubborn);
    expect(summary.errors).toBe(3);
    expect(summary.endings.unfinished).toBe(3);
    expect(exitCodeOf(summary)).toBe(1);
    const failure = summary.failures[0]!;
    expect(failure).toMatchObject({ game: 0, seed: gameSeed('sim', 0), kind: 'rejected' });
    expect(JSON.parse(output).failures[0].seed).toBe('sim/0');
  });

  it('counts a thrown exception as an error and goes on with the next game', () => {
    let calls = 0;
    const flaky: NemesisBot = {
      name: 'flaky',
      choose(input) {
        calls++;
        if (calls === 10) throw new Error('the bot broke');
        return randomBot.choose(input);
      },
    };
    const { summary } = run({ games: 4 }, flaky);
    expect(summary.errors).toBe(1);
    expect(summary.failures[0]).toMatchObject({ kind: 'exception', game: 0 });
    expect(summary.failures[0]!.message).toMatch(/the bot broke/);
    expect(summary.endings.unfinished).toBe(1);
  });

  it('a game that runs past the action cap is an error', () => {
    const report = playNemesisGame(nemesis, randomBot, {
      seed: 'cap',
      players: 2,
      maxActions: 5,
    });
    expect(report.failure).toMatchObject({ kind: 'action-cap', seed: 'cap', players: 2 });
  });

  it('a failing seed replays to the same failure', () => {
    const seed = gameSeed('replay', 7);
    const first = playNemesisGame(nemesis, randomBot, { seed, players: playersFor(seed) });
    const again = playNemesisGame(nemesis, randomBot, { seed, players: playersFor(seed) });
    expect(again).toEqual(first);
  });

  it('the command fails with exit code 1 when any game went wrong, after printing its report', async () => {
    const clean = collect();
    await simulateNemesisCommand({ games: 2, bot: 'random', seed: 's', json: true }, clean.io);
    expect(JSON.parse(clean.printed()).errors).toBe(0);
    const stubborn: NemesisBot = {
      name: 'stubborn',
      choose: () => ({ type: 'pass', discard: [] }),
    };
    const failing = collect();
    let thrown: unknown;
    try {
      await simulateNemesisCommand({ games: 2, bot: 'random', seed: 's', json: true }, failing.io, {
        bot: stubborn,
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CommanderError);
    expect((thrown as CommanderError).exitCode).toBe(1);
    expect(JSON.parse(failing.printed()).errors).toBe(2);
  });
});
