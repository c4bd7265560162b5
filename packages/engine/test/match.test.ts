import { describe, expect, it } from 'vitest';
import { diceDuel } from '../src/examples/dice-duel.js';
import { Match, MatchError } from '../src/match.js';
import { newSeed } from '../src/random.js';

function playToEnd(match: Match<unknown, unknown, unknown, unknown>): void {
  for (let step = 0; step < 1000 && match.result() === null; step++) {
    const [prompt] = match.prompts();
    match.submit(prompt!.seats[0]!, { type: 'roll' });
  }
}

describe('match', () => {
  it('a match is its seed and actions: replaying the record gives the same state', () => {
    const match = Match.create(diceDuel, {}, 'replay');
    playToEnd(match);
    expect(match.result()).not.toBeNull();
    const replayed = Match.replay(diceDuel, JSON.parse(JSON.stringify(match.record())));
    expect(replayed.hash()).toBe(match.hash());
    expect(replayed.state).toEqual(match.state);
  });

  it('the winner of a duel scores 1, the loser 0', () => {
    const match = Match.create(diceDuel, { health: 3 }, 'scores');
    playToEnd(match);
    const result = match.result()!;
    const loser = result.winners[0] === '0' ? '1' : '0';
    expect(result.scores).toEqual({ [result.winners[0]!]: 1, [loser]: 0 });
  });

  it('the duel describes actions, prompts and events from the reader’s view', () => {
    const match = Match.create(diceDuel, { health: 5 }, 'words');
    const words = diceDuel.describe!;
    const view = match.view('1');
    expect(words.prompt(match.prompts()[0]!, view)).toBe('seat 0 to roll the die (health 5 / 5)');
    expect(words.action({ type: 'roll' }, view)).toBe('roll the die');
    const outcome = match.submit('0', { type: 'roll' });
    if (!outcome.ok) throw new Error('refused');
    const event = outcome.events[0]!;
    expect(words.event(event, match.view('1'))).toBe(event.text);
  });

  it('states handed out never change afterwards', () => {
    const match = Match.create(diceDuel, {}, 'immutable');
    const before = match.state;
    const snapshot = JSON.stringify(before);
    match.submit('0', { type: 'roll' });
    expect(JSON.stringify(before)).toBe(snapshot);
    expect(match.state).not.toBe(before);
  });

  it('a refused action is not recorded and changes nothing', () => {
    const match = Match.create(diceDuel, {}, 'refused');
    const hash = match.hash();
    const outcome = match.submit('1', { type: 'roll' });
    expect(outcome).toEqual({
      ok: false,
      rejection: { code: 'not-your-turn', message: expect.stringContaining('seat 0') },
    });
    expect(match.submit('0', { type: 'shoot' }).ok).toBe(false);
    expect(match.hash()).toBe(hash);
    expect(match.record().actions).toEqual([]);
  });

  it('bad options get an error naming the option', () => {
    expect(() => Match.create(diceDuel, { health: -3 }, 's')).toThrow(/health/);
    expect(() => Match.create(diceDuel, { colour: 'red' }, 's')).toThrow(MatchError);
  });

  it('options default from the schema', () => {
    expect(Match.create(diceDuel, {}, 's').state.health).toEqual([20, 20]);
  });

  it('a record for another ruleset or version is refused by name', () => {
    const record = Match.create(diceDuel, {}, 's').record();
    expect(() => Match.replay(diceDuel, { ...record, ruleset: 'chess' })).toThrow(/chess/);
    expect(() => Match.replay(diceDuel, { ...record, version: '9' })).toThrow(/version "9"/);
  });

  it('the log shows each viewer the events of its audience', () => {
    const match = Match.create(diceDuel, {}, 'log');
    match.submit('0', { type: 'roll' });
    expect(match.log('1')).toHaveLength(1);
    expect(match.log('spectator')[0]!.event.type).toBe('rolled');
  });
});

describe('match records and loading', () => {
  it('the record names its generator, fast unless asked', () => {
    expect(Match.create(diceDuel, {}, 's').record().generator).toBe('fast');
    const crypto = Match.create(diceDuel, {}, 's', { generator: 'crypto' });
    expect(crypto.generator).toBe('crypto');
    expect(crypto.record().generator).toBe('crypto');
    expect(crypto.state.random).toMatchObject({ block: 0, position: 0 });
  });

  it('an unknown generator is refused by name', () => {
    // @ts-expect-error: a generator no kind names, as a record from elsewhere may hold
    expect(() => Match.create(diceDuel, {}, 's', { generator: 'dice' })).toThrow(
      /generator must be fast or crypto, not "dice"/,
    );
  });

  it('a record written before generators were named replays as fast', () => {
    const match = Match.create(diceDuel, {}, 'old');
    playToEnd(match);
    const { generator: _, ...old } = match.record();
    const replayed = Match.replay(diceDuel, old);
    expect(replayed.generator).toBe('fast');
    expect(replayed.hash()).toBe(match.hash());
  });

  it('a match restored from its record and a snapshot plays on as the original, without replaying', () => {
    const original = Match.create(diceDuel, {}, 'restore');
    for (let step = 0; step < 6; step++)
      original.submit(String(original.state.turn), { type: 'roll' });
    let applied = 0;
    const counting = {
      ...diceDuel,
      apply: (...args: Parameters<typeof diceDuel.apply>) => {
        applied++;
        return diceDuel.apply(...args);
      },
    };
    const restored = Match.restore(
      counting,
      original.record(),
      JSON.parse(JSON.stringify(original.state)),
    );
    expect(applied).toBe(0);
    expect(restored.sequence).toBe(6);
    expect(restored.hash()).toBe(original.hash());
    expect(restored.record()).toEqual(original.record());
    original.submit(String(original.state.turn), { type: 'roll' });
    restored.submit(String(restored.state.turn), { type: 'roll' });
    expect(restored.hash()).toBe(original.hash());
    expect(restored.sequence).toBe(7);
  });

  it('a snapshot is not restored into a match of another ruleset', () => {
    const match = Match.create(diceDuel, {}, 's');
    expect(() =>
      Match.restore(diceDuel, { ...match.record(), ruleset: 'chess' }, match.state),
    ).toThrow(/chess/);
  });
});

describe('new seeds', () => {
  it('a new seed is 32 bytes of hex, a different one each time', () => {
    const seeds = new Set(Array.from({ length: 20 }, () => newSeed()));
    expect(seeds.size).toBe(20);
    for (const seed of seeds) expect(seed).toMatch(/^[0-9a-f]{64}$/);
  });
});
