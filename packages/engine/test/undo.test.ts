import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clonePlain } from '../src/clone.js';
import { Match } from '../src/match.js';
import { accept, reject } from '../src/outcome.js';
import { type RandomState, redealGenerator, rollDie, seedRandom } from '../src/random.js';
import type { Ruleset } from '../src/ruleset.js';
import { effectiveActions, type LogEntry } from '../src/undo.js';

/**
 * A race for the undo rules: each seat, in turn, steps its token forward
 * (nothing drawn, all public) as often as it likes, then ends its turn.
 * Rolling draws from the generator; drawing a card is random and secret;
 * peeking is secret only; a flip is public and deterministic, but the rules
 * forbid taking it back.
 */
interface RaceState {
  positions: [number, number];
  turn: 0 | 1;
  hands: [number[], number[]];
  /** The hand a seat showed to everyone. */
  shown: number[];
  flipped: boolean;
  random: RandomState;
}

type RaceAction = { type: 'step' | 'end' | 'roll' | 'draw' | 'peek' | 'flip' | 'show' };

const race: Ruleset<RaceState, RaceAction, unknown, Record<string, never>> = {
  id: 'race',
  version: '1',
  options: z.object({}).strict(),
  action: z
    .object({ type: z.enum(['step', 'end', 'roll', 'draw', 'peek', 'flip', 'show']) })
    .strict(),
  setup(_options, seed, generator) {
    const random = seedRandom(seed, generator);
    const deal = () => [rollDie(random, 6), rollDie(random, 6)];
    return {
      positions: [0, 0],
      turn: 0,
      hands: [deal(), deal()],
      shown: [],
      flipped: false,
      random,
    };
  },
  seats: () => ['0', '1'],
  prompts: (state) => [
    { mode: 'single', seats: [String(state.turn)], answer: 'move', text: 'Move' },
  ],
  legalActions: () => [{ type: 'step' }, { type: 'end' }],
  apply(state, seat, action) {
    if (state.positions.some((position) => position >= 10)) return reject('game-over', 'over');
    if (seat !== String(state.turn)) return reject('not-your-turn', 'wait');
    const turn = state.turn;
    switch (action.type) {
      case 'step':
        state.positions[turn]++;
        return accept([{ type: 'stepped', audience: 'all', seat }]);
      case 'end':
        state.turn = turn === 0 ? 1 : 0;
        return accept([{ type: 'ended', audience: 'all', seat }]);
      case 'roll':
        state.positions[turn] += rollDie(state.random, 6);
        return accept([{ type: 'rolled', audience: 'all', seat }]);
      case 'draw':
        state.hands[turn].push(rollDie(state.random, 6));
        return accept([{ type: 'drew', audience: [seat], seat }]);
      case 'peek':
        return accept([{ type: 'peeked', audience: [seat], seat }]);
      case 'show':
        state.shown = [...state.hands[turn]];
        return accept([{ type: 'showed', audience: 'all', seat }]);
      case 'flip':
        state.flipped = !state.flipped;
        return accept([{ type: 'flipped', audience: 'all', seat }]);
    }
  },
  view: (state) => ({
    positions: state.positions,
    turn: state.turn,
    flipped: state.flipped,
    shown: state.shown,
  }),
  result: (state) =>
    state.positions.some((position) => position >= 10)
      ? { winners: [state.positions[0] >= 10 ? '0' : '1'], summary: 'a token arrives' }
      : null,
  determinize: (state, seat, random) => {
    const copy = clonePlain(state);
    redealGenerator(copy.random, random);
    copy.hands = copy.hands.map((hand, index) =>
      String(index) === seat ? hand : hand.map(() => rollDie(random, 6)),
    ) as [number[], number[]];
    return copy;
  },
  undoable: (_before, _after, _seat, action) => action.type !== 'flip',
};

function play(match: Match<RaceState, RaceAction, unknown, unknown>, moves: string): void {
  for (const move of moves.split(' ')) {
    const [seat, type] = move.split(':') as [string, RaceAction['type']];
    const outcome = match.submit(seat, { type });
    if (!outcome.ok) throw new Error(`${move} refused: ${outcome.rejection.message}`);
  }
}

function replayHash(match: Match<RaceState, RaceAction, unknown, unknown>): string {
  return Match.replay(race, JSON.parse(JSON.stringify(match.record()))).hash();
}

describe('undo', () => {
  it('a seat takes back its own last actions, one at a time, back to where a replay of the shorter record is', () => {
    const match = Match.create(race, {}, 'undo');
    play(match, '0:step 0:end 1:step 1:step 1:step');
    const afterOne = Match.create(race, {}, 'undo');
    play(afterOne, '0:step 0:end 1:step');
    expect(match.undo('1')).toMatchObject({ ok: true, events: [{ type: 'undone', seat: '1' }] });
    expect(match.undo('1').ok).toBe(true);
    expect(match.hash()).toBe(afterOne.hash());
    expect(match.hash()).toBe(replayHash(match));
    expect(match.record().actions).toHaveLength(3);
    expect(match.log('0').map((entry) => entry.event.type)).toEqual(
      afterOne.log('0').map((entry) => entry.event.type),
    );
  });

  it('no seat takes back an action once another seat has acted since', () => {
    const match = Match.create(race, {}, 'others');
    play(match, '0:step 0:end 1:step');
    expect(match.canUndo('0')).toBe(false);
    expect(match.undo('0')).toEqual({
      ok: false,
      rejection: { code: 'not-your-action', message: expect.stringContaining('seat 1') },
    });
    match.undo('1');
    // Seat 0's end of turn is its own last action again, and nothing since.
    expect(match.canUndo('0')).toBe(true);
    expect(match.undo('0').ok).toBe(true);
    expect(match.hash()).toBe(replayHash(match));
    expect(match.state.turn).toBe(0);
  });

  it('an action that drew from the generator stays', () => {
    const match = Match.create(race, {}, 'roll');
    play(match, '0:step 0:roll');
    expect(match.undoRefusal('0')).toMatchObject({ code: 'random-drawn' });
    // Nor can the undo reach past it to the step before.
    expect(match.undo('0').ok).toBe(false);
  });

  it('an action that showed something to some seats only stays', () => {
    const match = Match.create(race, {}, 'secret');
    play(match, '0:peek');
    expect(match.undoRefusal('0')).toMatchObject({ code: 'secret-revealed' });
    play(match, '0:draw');
    expect(match.undoRefusal('0')).toMatchObject({ code: 'random-drawn' });
  });

  it('an action that shows the whole table a secret stays, though it drew nothing and told everyone alike', () => {
    const match = Match.create(race, {}, 'shown');
    play(match, '0:step 0:show');
    expect(match.undoRefusal('0')).toEqual({
      code: 'secret-revealed',
      message: expect.stringMatching(/seat 0's last action cannot be taken back: it showed seat 1/),
    });
  });

  it('an answer asked with fewer re-dealt worlds than an undo tries does not bind the undo', () => {
    const match = Match.create(race, {}, 'quick answer');
    play(match, '0:step 0:show');
    // With no world tried, nothing is found; the undo itself tries them all, and refuses.
    expect(match.undoRefusal('0', 1, 0)).toBeNull();
    expect(match.undo('0')).toMatchObject({ ok: false, rejection: { code: 'secret-revealed' } });
    // A refusal found with one world stands for the undo, and is not looked for again.
    const again = Match.create(race, {}, 'quick answer');
    play(again, '0:step 0:show');
    expect(again.undoRefusal('0', 1, 1)).toMatchObject({ code: 'secret-revealed' });
    expect(again.canUndo('0')).toBe(false);
  });

  it('the ruleset may forbid taking an action back', () => {
    const match = Match.create(race, {}, 'veto');
    play(match, '0:flip');
    expect(match.undoRefusal('0')).toMatchObject({
      code: 'not-undoable',
      message: expect.stringContaining('race'),
    });
  });

  it('several steps back: each must be the seat own, and the first that may not be taken back says why', () => {
    const match = Match.create(race, {}, 'steps');
    play(match, '0:step 0:roll 0:step 0:step');
    expect(match.undoRefusal('0', 2)).toBeNull();
    expect(match.undoRefusal('0', 3)).toEqual({
      code: 'random-drawn',
      message: expect.stringMatching(/^seat 0's action 3 from the end cannot be taken back/),
    });
    expect(match.undoRefusal('0', 5)).toMatchObject({ code: 'nothing-to-undo' });
    play(match, '0:end 1:step 1:step');
    expect(match.undoRefusal('1', 2)).toBeNull();
    expect(match.undoRefusal('1', 3)).toEqual({
      code: 'not-your-action',
      message: expect.stringMatching(/action 3 from the end is seat 0's/),
    });
    // The answer is the same after a restore, which learns it by replaying the record.
    const restored = Match.restore(race, match.record(), match.state);
    expect(restored.undoRefusal('1', 2)).toBeNull();
    expect(restored.undoRefusal('1', 3)).toMatchObject({ code: 'not-your-action' });
    // Restored mid-run, then one more step: the run before the restore still counts.
    play(restored, '1:step');
    expect(restored.undoRefusal('1', 3)).toBeNull();
    expect(restored.undoRefusal('1', 4)).toMatchObject({ code: 'not-your-action' });
    expect(match.undo('1').ok).toBe(true);
    expect(match.undo('1').ok).toBe(true);
    expect(match.undoRefusal('0', 3)).toBeNull();
    expect(match.undoRefusal('0', 4)).toMatchObject({ code: 'random-drawn' });
  });

  it('a seat that has not acted has nothing to take back, though others have acted', () => {
    const match = Match.create(race, {}, 'not-yet');
    play(match, '0:step 0:end');
    expect(match.undoRefusal('1')).toEqual({
      code: 'nothing-to-undo',
      message: 'seat 1 has taken no action',
    });
    play(match, '1:step 1:end 0:step');
    expect(match.undoRefusal('1')).toMatchObject({ code: 'not-your-action' });
  });

  it('nothing to take back at the start, nor once the match is over', () => {
    const match = Match.create(race, {}, 'edges');
    expect(match.undoRefusal('0')).toMatchObject({ code: 'nothing-to-undo' });
    play(match, Array.from({ length: 10 }, () => '0:step').join(' '));
    expect(match.result()).not.toBeNull();
    expect(match.undoRefusal('0')).toMatchObject({ code: 'game-over' });
  });

  it('a refused undo changes nothing', () => {
    const match = Match.create(race, {}, 'unchanged');
    play(match, '0:step 0:roll');
    const before = { hash: match.hash(), sequence: match.sequence, record: match.record() };
    expect(match.undo('0').ok).toBe(false);
    expect(match.undo('1').ok).toBe(false);
    expect({ hash: match.hash(), sequence: match.sequence, record: match.record() }).toEqual(
      before,
    );
  });

  it('the sequence counts every accepted action and undo, and never goes back', () => {
    const match = Match.create(race, {}, 'sequence');
    expect(match.sequence).toBe(0);
    play(match, '0:step 0:step');
    match.submit('1', { type: 'step' });
    expect(match.sequence).toBe(2);
    match.undo('0');
    expect(match.sequence).toBe(3);
    expect(match.record().actions).toHaveLength(1);
  });

  it('a log with undos replays to the same state, and its effective actions are the record', () => {
    const match = Match.create(race, {}, 'log');
    const entries: LogEntry<RaceAction>[] = [];
    const run = (entry: LogEntry<RaceAction>) => {
      expect(match.play(entry).ok).toBe(true);
      entries.push(entry);
    };
    run({ seat: '0', action: { type: 'step' } });
    run({ seat: '0', action: { type: 'step' } });
    run({ seat: '0', undo: true });
    run({ seat: '0', action: { type: 'end' } });
    run({ seat: '1', action: { type: 'roll' } });
    run({ seat: '1', action: { type: 'step' } });
    run({ seat: '1', undo: true });
    expect(effectiveActions(entries)).toEqual(match.record().actions);
    const replayed = Match.replay(race, { ...match.record(), actions: entries });
    expect(replayed.hash()).toBe(match.hash());
    expect(replayed.sequence).toBe(entries.length);
  });

  it('a log whose undo takes back nothing, or another seat’s action, is refused by index', () => {
    expect(() => effectiveActions([{ seat: '0', undo: true }])).toThrow(/entry 0.*no action/);
    expect(() =>
      effectiveActions([
        { seat: '0', action: 'a' },
        { seat: '1', undo: true },
      ]),
    ).toThrow(/entry 1: seat 1 cannot take back seat 0's action/);
    const record = Match.create(race, {}, 'bad-log').record();
    expect(() =>
      Match.replay(race, {
        ...record,
        actions: [
          { seat: '0', action: { type: 'roll' } },
          { seat: '0', undo: true },
        ],
      }),
    ).toThrow(/undo 1 of the record \(seat 0\) was refused: random-drawn/);
  });

  it('a restored match undoes as the original would', () => {
    const original = Match.create(race, {}, 'restored');
    play(original, '0:end 1:step 1:step');
    const restored = Match.restore(race, original.record(), original.state);
    expect(restored.undo('1').ok).toBe(true);
    expect(restored.undo('1').ok).toBe(true);
    // Seat 1 has nothing standing now: that, not seat 0's action, is why.
    expect(restored.undoRefusal('1')).toMatchObject({ code: 'nothing-to-undo' });
    expect(restored.hash()).toBe(replayHash(restored));
  });
});
