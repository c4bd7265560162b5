import { botChoice, seedRandom } from '@tabletop/engine';
import { baseContent, createNemesis, randomBot } from '@tabletop/nemesis';
import { describe, expect, it } from 'vitest';

const pack = baseContent();
const nemesis = createNemesis(pack);

/** The pack's ids a player must never read: the hyphenated ones, which are no words. */
const rawIds = [
  ...pack.characters.characters.flatMap((character) => character.actionDeck.map((card) => card.id)),
  ...pack.characters.weapons.map((weapon) => weapon.id),
  ...pack.items.items.map((item) => item.id),
  ...pack.rooms.rooms.map((tile) => tile.id),
  ...pack.objectives.cards.map((card) => card.id),
  ...pack.seriousWounds.cards.map((card) => card.id),
  ...pack.weaknesses.cards.map((card) => card.id),
  ...pack.events.cards.map((card) => card.id),
  ...pack.intruderAttacks.cards.map((card) => card.id),
  ...pack.contamination.cards.map((card) => card.id),
].filter((id) => id.includes('-'));
const rawId = new RegExp(`\\b(${rawIds.join('|')})\\b`);

/** What is wrong with a line a player reads, or null. */
function flaw(line: string): string | null {
  const id = rawId.exec(line);
  if (id) return `shows the id ${id[1]}`;
  if (/\bseat \d/i.test(line)) return 'shows a seat number';
  if (/undefined|\[object/.test(line)) return 'shows a hole';
  return null;
}

describe('The words a player reads in play', () => {
  it('no prompt, choice, log line or word about a thing shows a raw id or a seat number counted from 0, in either mode', () => {
    const flaws = new Set<string>();
    let lines = 0;
    for (const seed of ['player-words-a', 'player-words-b', 'player-words-c', 'player-words-d']) {
      // Half the games with a team: its face-up cards and its verdict have words too.
      const mode = seed.endsWith('b') || seed.endsWith('d') ? 'cooperative' : 'standard';
      const state = nemesis.setup(nemesis.options.parse({ players: 4, mode }), seed);
      const random = seedRandom(`${seed}/bot`);
      for (let step = 0; step < 1500 && state.over === null; step++) {
        const prompt = nemesis.prompts(state)[0]!;
        const seat = prompt.seats[0]!;
        const view = nemesis.view(state, seat);
        const read = [
          nemesis.describe.prompt(prompt, view),
          ...nemesis
            .legalActions(state, seat)
            .map((action) => nemesis.describe.action(action, view)),
        ];
        if (step % 25 === 0)
          for (const entry of Object.values(nemesis.describe.things!(view)))
            read.push(
              [entry.name, entry.kind, entry.cost ?? '', entry.text, entry.state ?? '']
                .concat((entry.parts ?? []).map((part) => part.text))
                .join(' | '),
            );
        const action = botChoice(nemesis, randomBot, state, seat, random);
        const outcome = nemesis.apply(state, seat, action);
        expect(outcome.ok).toBe(true);
        if (outcome.ok)
          read.push(...outcome.events.map((event) => nemesis.describe.event(event, view)));
        for (const line of read) {
          lines++;
          const wrong = flaw(line);
          if (wrong) flaws.add(`${wrong}: ${line}`);
        }
      }
    }
    expect([...flaws]).toEqual([]);
    expect(lines).toBeGreaterThan(1000);
  });
});
