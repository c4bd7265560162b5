import type { Entry } from '@tabletop/engine';
import { baseContent, createNemesis, turnActionTypes } from '@tabletop/nemesis';
import { describe, expect, it } from 'vitest';

const pack = baseContent();
const nemesis = createNemesis(pack);
const sections = nemesis.describe.reference!();
const entries = sections.flatMap((section) => section.entries);
const byKey = new Map(entries.map((entry) => [entry.key, entry]));

/** Every id of the pack that no player should ever read: the hyphenated ones. */
const rawIds = [
  ...pack.characters.characters.flatMap((character) => [
    character.id,
    ...character.actionDeck.map((card) => card.id),
  ]),
  ...pack.characters.weapons.map((weapon) => weapon.id),
  ...pack.items.items.map((item) => item.id),
  ...pack.rooms.rooms.map((tile) => tile.id),
  ...pack.objectives.cards.map((card) => card.id),
  ...pack.seriousWounds.cards.map((card) => card.id),
  ...pack.weaknesses.cards.map((card) => card.id),
  ...pack.events.cards.map((card) => card.id),
  ...pack.intruderAttacks.cards.map((card) => card.id),
].filter((id) => id.includes('-'));

function words(entry: Entry): string {
  return [entry.name, entry.kind, entry.cost ?? '', ...(entry.tags ?? []), entry.text].join(' | ');
}

describe('The rules reference', () => {
  it('has words for every Action card, Item, weapon, room, Objective, wound, Weakness, Event and Attack card of the pack', () => {
    const expected = [
      ...pack.characters.characters.flatMap((character) =>
        character.actionDeck.map((card) => `card:${card.id}`),
      ),
      ...pack.items.items.map((item) => `item:${item.id}`),
      ...pack.characters.weapons.map((weapon) => `weapon:${weapon.id}`),
      ...pack.rooms.rooms.map((tile) => `tile:${tile.id}`),
      ...pack.objectives.cards.map((card) => `objective:${card.id}`),
      ...pack.seriousWounds.cards.map((card) => `wound:${card.id}`),
      'wound:light',
      'wound:dressed',
      ...pack.weaknesses.cards.map((card) => `weakness:${card.id}`),
      ...pack.events.cards.map((card) => `event:${card.id}`),
      ...pack.intruderAttacks.cards.map((card) => `attack:${card.id}`),
      ...pack.intruders.kinds.map((kind) => `intruder-kind:${kind.id}`),
      ...pack.characters.characters.map((character) => `character:${character.id}`),
      ...turnActionTypes.map((type) => `action:${type}`),
      'phase:player',
      'phase:event',
      'track:time',
      'track:self-destruct',
      'track:destination',
      'track:coordinates',
      'track:escape-pods',
      'track:engines',
      'track:bag',
    ];
    for (const key of expected) {
      const entry = byKey.get(key);
      expect(entry, key).toBeDefined();
      expect(entry!.name.trim().length, key).toBeGreaterThan(0);
      expect(entry!.text.trim().length, key).toBeGreaterThan(10);
    }
  });

  it('never shows a raw id or a seat number to a reader', () => {
    for (const entry of entries) {
      const text = words(entry);
      for (const id of rawIds) expect(text, entry.key).not.toMatch(new RegExp(`\\b${id}\\b`));
      expect(text, entry.key).not.toMatch(/\bseat \d/i);
      expect(text, entry.key).not.toContain('undefined');
      expect(text, entry.key).not.toContain('[object');
    }
  });

  it('gives each thing one key', () => {
    expect(new Set(entries.map((entry) => entry.key)).size).toBe(entries.length);
    expect(new Set(sections.map((section) => section.id)).size).toBe(sections.length);
  });

  it('tags each Action card with whether it may be played in Combat, and says what it costs beyond itself', () => {
    for (const character of pack.characters.characters)
      for (const card of character.actionDeck) {
        const entry = byKey.get(`card:${card.id}`)!;
        const tag = {
          'in-combat': 'Only in Combat',
          'out-of-combat': 'Not in Combat',
          any: 'Combat',
        }[card.combat];
        expect(entry.tags, card.id).toContain(tag);
        if (card.cost > 0) expect(entry.cost, card.id).toContain(String(card.cost));
        else expect(entry.cost, card.id).toBeUndefined();
      }
  });

  it('reads the time track and the self-destruct track from the pack’s tables', () => {
    const { time, selfDestruct } = nemesis.tables;
    const timeText = byKey.get('track:time')!.text;
    expect(timeText).toContain(`${time.spaces} spaces`);
    expect(timeText).toContain(`After ${time.hibernationOpensAfter}`);
    const destruct = byKey.get('track:self-destruct')!.text;
    expect(destruct).toContain(`after ${selfDestruct.yellowAfter} moves`);
    expect(destruct).toContain(`after ${selfDestruct.explodesAfter} the ship explodes`);
  });

  it('says of a weapon Item that it is Heavy, its capacity, and what it arrives with', () => {
    const pistol = byKey.get('item:prototype-pistol')!;
    expect(pistol.tags).toContain('Heavy');
    expect(pistol.text).toContain('capacity 3');
    expect(pistol.text).toContain(`arrives with ${nemesis.tables.searchedWeaponAmmo} ammo`);
    const flamethrower = byKey.get('item:flamethrower')!;
    expect(flamethrower.text).toMatch(/Crafted from items with the \w+ and \w+ icons/);
  });

  it('states each turn action’s cost in Action cards, the Room Action’s from the pack', () => {
    expect(byKey.get('action:move')!.cost).toBe('1 card');
    expect(byKey.get('action:careful-move')!.cost).toBe('2 cards');
    expect(byKey.get('action:room-action')!.cost).toBe(`${nemesis.tables.roomActionCost} cards`);
  });
});
