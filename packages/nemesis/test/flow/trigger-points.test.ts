import { botChoice, seedRandom } from '@tabletop/engine';
import { createNemesis, randomBot } from '@tabletop/nemesis';
import { describe, expect, it, vi } from 'vitest';
import { ContentError, parseContentPack, readContentFiles } from '../../src/content/index.js';
import { firedPoints, firedTriggers } from '../../src/flow/trigger-points.js';

// Every rule reaching a trigger point calls `fireTrigger`: wrapped here, it
// tells which points random play reaches, whether or not anything answers.
const reached = vi.hoisted(() => new Set<string>());
vi.mock('../../src/flow/trigger-points.js', async (original) => {
  const actual = await original<typeof import('../../src/flow/trigger-points.js')>();
  const fireTrigger: typeof actual.fireTrigger = (game, points, moment) => {
    for (const point of typeof points === 'string' ? [points] : points) reached.add(point);
    return actual.fireTrigger(game, points, moment);
  };
  return { ...actual, fireTrigger };
});

const nemesis = createNemesis();

/** Random games of every size and mode, with the random bot on every seat. */
function playRandomGames(games: number): void {
  for (let index = 0; index < games; index++) {
    const mode = index % 2 === 0 ? 'standard' : 'cooperative';
    const players = mode === 'cooperative' ? 2 + (index % 4) : 1 + (index % 5);
    const seed = `trigger-points/${index}`;
    const state = nemesis.setup(nemesis.options.parse({ players, mode }), seed);
    const random = seedRandom(`bot:${seed}`);
    for (let actions = 0; state.over === null && actions < 5_000; actions++) {
      const seat = nemesis.prompts(state)[0]!.seats[0]!;
      expect(
        nemesis.apply(state, seat, botChoice(nemesis, randomBot, state, seat, random)).ok,
      ).toBe(true);
    }
  }
}

type Json = Record<string, unknown>;

/** The base pack's raw JSON with the Room with Slime waiting for another trigger point. */
function slimeWaitingFor(trigger: string): { files: Json; index: number } {
  const files = structuredClone(readContentFiles()) as Json;
  const rooms = (files['rooms.json'] as Json).rooms as Json[];
  const index = rooms.findIndex((room) => room.id === 'room-with-slime');
  (rooms[index]!.passive as Json).trigger = trigger;
  return { files, index };
}

describe('One trigger point: the closed list is what the rules fire', () => {
  it('random play reaches every point on the list, and no point off it', () => {
    playRandomGames(20);
    expect([...reached].sort()).toEqual([...firedPoints].sort());
  });

  it('a pack may wait for every point on the list but the start of a round, which is the rules’ own', () => {
    expect(firedTriggers).not.toContain('start-of-turn');
    expect([...firedTriggers, 'start-of-round'].sort()).toEqual([...firedPoints].sort());
  });
});

describe('A pack waiting for a trigger point no rule fires', () => {
  it('a room passive at the start of a turn, fired nowhere, is refused at load, naming it and where', () => {
    const { files, index } = slimeWaitingFor('start-of-turn');
    expect(() => createNemesis(parseContentPack(files))).toThrow(
      `waits for trigger points no rule fires: start-of-turn, named at rooms.json: rooms[${index}].passive`,
    );
  });

  it('the start of a round is no point a pack can name: the schema refuses it', () => {
    const { files, index } = slimeWaitingFor('start-of-round');
    let refused: unknown;
    try {
      parseContentPack(files);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ContentError);
    expect((refused as ContentError).issues).toMatchObject([
      { file: 'rooms.json', path: `rooms[${index}].passive.trigger` },
    ]);
  });
});
