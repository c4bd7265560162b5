import { describe, expect, it } from 'vitest';
import { baseContent, type Objective } from '../../src/content/index.js';

const pack = baseContent();
const cards = pack.objectives.cards.filter((entry) => entry.type !== 'solo-co-op');
const soloCoop = pack.objectives.cards.filter((entry) => entry.type === 'solo-co-op');

function card(id: string): Objective {
  const found = cards.find((entry) => entry.id === id);
  if (found === undefined) throw new Error(`no objective ${id}`);
  return found;
}

describe('objectives', () => {
  it('the Solo/Co-op deck: 7 cards with no player count', () => {
    expect(soloCoop.map((entry) => entry.name)).toEqual([
      'Destination: Earth',
      'Emergency Post-Mortem',
      'First Contact Protocol',
      'Cutting Off the Head',
      'No Man Left Behind',
      'Special Delivery',
      'Clean-Up Crew',
    ]);
    for (const entry of soloCoop) expect([entry.minPlayers, entry.maxPlayers]).toEqual([1, 5]);
  });

  it('18 cards: 9 Personal and 9 Corporate, each for 2 to 5 players or more', () => {
    expect(cards).toHaveLength(18);
    const players = Object.fromEntries(cards.map((entry) => [entry.id, entry.minPlayers]));
    expect(players).toEqual({
      'salvaging-the-prime-asset': 2,
      quarantine: 2,
      'the-great-hunt': 2,
      hoarder: 2,
      'relentless-investigator': 2,
      'a-proper-burial': 2,
      'the-oldest-friend': 3,
      'best-friends-forever': 4,
      'aliens-on-a-spaceship': 5,
      'the-right-moment-to-strike': 2,
      'greener-pastures': 2,
      'an-old-feud': 3,
      'hostile-takeover': 4,
      'the-final-enlightenment': 5,
      'extreme-field-biology': 2,
      'ab-ovo': 2,
      necroscopy: 2,
      'my-precious': 2,
    });
    expect(cards.every((entry) => entry.maxPlayers === 5)).toBe(true);
  });

  it("five Corporate cards ask for Player N's character not to survive, or for you to be the only survivor", () => {
    const grudges = cards.flatMap((entry) => {
      const requirement = entry.requirement;
      if (requirement.kind !== 'any') return [];
      const [fate, alone] = requirement.of;
      if (fate?.kind !== 'player-character-survives') return [];
      expect(alone, entry.id).toEqual({ kind: 'only-survivor' });
      expect(fate.survives).toBe(false);
      expect(entry.type).toBe('corporate');
      return [fate.player];
    });
    expect(grudges).toEqual([1, 2, 3, 4, 5]);
  });

  it('Quarantine: Mars, or Earth with the Nest destroyed; its owner survives hibernation on Mars', () => {
    expect(card('quarantine').requirement).toEqual({
      kind: 'any',
      of: [
        { kind: 'ship-reaches', destination: 'mars' },
        {
          kind: 'all',
          of: [{ kind: 'ship-reaches', destination: 'earth' }, { kind: 'nest-destroyed' }],
        },
      ],
    });
    expect(card('quarantine').hibernationSafeAt).toEqual(['earth', 'mars']);
    expect(cards.filter((entry) => entry.hibernationSafeAt !== undefined)).toHaveLength(1);
  });

  it('Hoarder: escape in a pod holding at least 7 items', () => {
    expect(card('hoarder').requirement).toEqual({
      kind: 'all',
      of: [
        { kind: 'survived-by', ways: ['escape-pod'] },
        { kind: 'holds-items', atLeast: 7 },
      ],
    });
  });

  it('Best Friends Forever: you and at least one other character survive', () => {
    expect(card('best-friends-forever').requirement).toEqual({
      kind: 'other-survivors',
      atLeast: 1,
    });
  });

  it('Ab Ovo and Necroscopy read the Weakness of the egg and the carcass slots', () => {
    expect(card('ab-ovo').requirement).toEqual({ kind: 'weakness-revealed', slot: 'egg' });
    expect(JSON.stringify(card('necroscopy').requirement)).toContain('"carcass"');
    expect(pack.tracks.intruderBoard.weaknessSlots).toContain('egg');
    expect(pack.tracks.intruderBoard.weaknessSlots).toContain('carcass');
  });

  it('no Objective is marked unverified: the sheet is sure of all 18', () => {
    expect(cards.filter((entry) => entry.unverified !== undefined)).toEqual([]);
  });
});
