import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { diceDuel } from '../src/examples/dice-duel.js';
import { capEchoes, excerpt, excerptLength } from '../src/excerpt.js';
import { Match } from '../src/match.js';
import { reject } from '../src/outcome.js';
import type { Ruleset } from '../src/ruleset.js';

const tenKilobytes = 'Q'.repeat(10_240);
const tooMuch = 'Q'.repeat(excerptLength + 1);

describe('messages echo at most a short prefix of what they were sent', () => {
  it('an excerpt of a 10 KB string is its first characters and its length', () => {
    expect(excerpt(tenKilobytes)).toBe(`"${'Q'.repeat(excerptLength - 1)}… (10242 characters)`);
    expect(excerpt('short')).toBe('"short"');
    expect(excerpt({ id: 7 })).toBe('{"id":7}');
  });

  it('a message quoting a 10 KB value or key, plain or as JSON, is cut at every quote', () => {
    const sent = { card: `${tenKilobytes}"`, [tenKilobytes]: 1 };
    const message = `no card ${sent.card}; nor ${JSON.stringify(sent)}`;
    const capped = capEchoes(message, sent);
    expect(capped).not.toContain(tooMuch);
    expect(capped.length).toBeLessThan(300);
    expect(capEchoes('nothing quoted', sent)).toBe('nothing quoted');
  });

  it('Match.submit cuts whatever a ruleset quotes of a 10 KB action or seat', () => {
    const echo: Ruleset<object, { card: string }, object, object> = {
      ...(diceDuel as object as Ruleset<object, { card: string }, object, object>),
      action: z.object({ card: z.string() }),
      apply: (_state, seat, action) => reject('no-such-card', `seat ${seat} has no ${action.card}`),
    };
    const match = Match.create(echo, {}, 'echo');
    for (const [seat, action] of [
      ['0', { card: tenKilobytes }],
      [tenKilobytes, { card: 'ace' }],
      ['0', { card: 'ace', [tenKilobytes]: true }],
      ['0', { card: 12 }],
    ] as const) {
      const outcome = match.submit(seat, action);
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) {
        expect(outcome.rejection.message).not.toContain(tooMuch);
        expect(outcome.rejection.message.length).toBeLessThan(200);
      }
    }
  });

  it('bad options, records and undos quote at most a short prefix', () => {
    expect(() => Match.create(diceDuel, { [tenKilobytes]: 1 }, 's')).toThrow(
      /\(10240 characters\)/,
    );
    const record = Match.create(diceDuel, {}, 's').record();
    expect(() => Match.replay(diceDuel, { ...record, ruleset: tenKilobytes })).toThrow(
      /\(10242 characters\)/,
    );
    const match = Match.create(diceDuel, {}, 's');
    match.submit('0', { type: 'roll' });
    const undo = match.undo(tenKilobytes);
    expect(undo.ok).toBe(false);
    if (!undo.ok) expect(undo.rejection.message).not.toContain(tooMuch);
  });
});
