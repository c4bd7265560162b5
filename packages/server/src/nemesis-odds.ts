import {
  attackDeckWith,
  baseContent,
  type ContentPack,
  combatOdds,
  createNemesis,
  type EscapeOdds,
  type EscapeQuestion,
  encounterOdds,
  escapeOdds,
  type NemesisView,
  type NoiseOutcome,
  noiseRollOdds,
  type Tables,
} from '@tabletop/nemesis';
import { z } from 'zod';

/**
 * The exact Nemesis odds a seat's odds panel shows, read from that seat's
 * view alone: the function takes the view, never the state, so it can tell
 * the reader nothing the view does not already show (the Attack deck's
 * discard pile is face up, the bag's make-up by kind follows from the tokens
 * outside it, hand sizes and wounds are on the table).
 *
 * What is asked is what the reader's character faces now, in its room:
 * - each Shoot (every weapon with ammo) and Melee Attack on each Intruder there;
 * - the Noise roll here and in each explored neighbouring room without an
 *   Intruder (where a Move would roll), from the markers in its corridors;
 * - an Escape from the Intruders here;
 * - an Encounter: which token comes out of the bag and whether it makes a
 *   Surprise Attack, for the cards in hand now and for 0 to 5.
 */

const probability = z.number().min(0).max(1);

export const nemesisOdds = z.object({
  seq: z.number().int().describe('the entry after which the view was read'),
  seat: z.string(),
  character: z.string().nullable(),
  room: z.number().int().nullable().describe("the reader's room, null without a character there"),
  attacks: z
    .array(
      z.object({
        attack: z.enum(['shoot', 'melee']),
        weapon: z.string().nullable(),
        intruder: z.number().int(),
        kind: z.string(),
        injuries: z.number().int(),
        p_hit: probability,
        p_dead: probability,
        p_retreats: probability,
        p_stays: probability,
        p_serious_wound: probability.describe('Melee: the Serious Wound a miss costs'),
      }),
    )
    .describe('each Shoot and Melee Attack on an Intruder in the room, as the engine resolves it'),
  noise: z
    .array(
      z.object({
        room: z.number().int(),
        here: z.boolean().describe("the reader's room (else a neighbour a Move would reach)"),
        marked: z.array(z.number().int()).describe('noise numbers of exits holding a marker'),
        p_encounter: probability,
        outcomes: z.array(z.object({ outcome: z.string(), p: probability })),
      }),
    )
    .describe('a Noise roll in each room'),
  escape: z
    .object({
      intruders: z.array(z.string()),
      p_survives: probability,
      p_dies: probability,
      serious_wounds_after: z.array(z.object({ serious: z.number().int(), p: probability })),
    })
    .nullable()
    .describe('an Escape from the Intruders in the room (each attacks once)'),
  encounter: z
    .object({
      hand: z.number().int(),
      tokens_in_bag: z.number().int(),
      appears: z.array(z.object({ kind: z.string(), p: probability, p_surprise: probability })),
      p_surprise: probability,
      surprise_by_hand: z
        .array(z.object({ hand: z.number().int(), p: probability }))
        .describe('the Surprise Attack chance with each number of cards in hand'),
    })
    .nullable()
    .describe('an Encounter now: the token drawn and the Surprise Attack'),
  left_out: z.array(z.string()).describe('figures not given, and why'),
});
export type NemesisOdds = z.infer<typeof nemesisOdds>;

/**
 * An Escape's exact sum follows every card each attacker may draw: 20 per
 * attack, so each attacker more costs twenty times the time (three take a
 * few hundred milliseconds at worst, four seconds). Beyond three the panel
 * leaves the figure out rather than hold up the server.
 */
export const escapeAttackersAtMost = 3;

/** Hands the Surprise Attack chart covers (a hand is refilled to five). */
const handsCharted = 5;

export interface NemesisOddsContext {
  pack: ContentPack;
  tables: Tables;
}

let baseContext: NemesisOddsContext | undefined;
/** The base pack, as the server's Nemesis ruleset plays it. */
export function baseNemesisOdds(): NemesisOddsContext {
  if (!baseContext) {
    const pack = baseContent();
    baseContext = { pack, tables: createNemesis(pack).tables };
  }
  return baseContext;
}

/** The bag by kind: the pack's tokens less those the view shows aside, beside the board or out. */
function bagByKind(tables: Tables, view: NemesisView): Record<string, number> {
  const kinds: Record<string, number> = {};
  const count = (kind: string, by: number) => {
    kinds[kind] = (kinds[kind] ?? 0) + by;
  };
  for (const token of tables.intruderTokens.values()) count(token.kind, 1);
  for (const token of [...view.tokensAside, ...view.tokensOut])
    count(tables.intruderTokens.get(token)?.kind ?? 'unknown', -1);
  for (const [kind, number] of Object.entries(view.reserve)) count(kind, -number);
  return kinds;
}

/** Noise numbers of the room's exits whose corridor holds a Noise marker. */
function markedExits(tables: Tables, view: NemesisView, room: number): number[] {
  const marked: number[] = [];
  const exits = tables.exitByNumber[room] ?? [];
  exits.forEach((exit, number) => {
    if (exit === undefined) return;
    const noisy =
      exit === 'technical'
        ? view.technicalCorridorNoise
        : view.corridors.find((corridor) => corridor.index === exit)?.noise === true;
    if (noisy) marked.push(number);
  });
  return marked;
}

function noiseIn(
  tables: Tables,
  view: NemesisView,
  room: number,
  here: boolean,
  slime: boolean,
): NemesisOdds['noise'][number] {
  const marked = markedExits(tables, view, room);
  const odds = noiseRollOdds(tables, { room, marked, slime });
  return {
    room,
    here,
    marked,
    p_encounter: odds.p_encounter,
    outcomes: odds.outcomes.map((entry: { outcome: NoiseOutcome; p: number }) => ({
      outcome: entry.outcome,
      p: entry.p,
    })),
  };
}

/** Escape sums kept between readers and states: the same room and deck ask the same question. */
const keptEscapes = new Map<string, EscapeOdds>();
const escapesKept = 256;

function escapeFrom(tables: Tables, question: EscapeQuestion): EscapeOdds {
  // The whole question, the discard pile in its order: one question, one sum, the same bytes.
  const key = JSON.stringify(question);
  const known = keptEscapes.get(key);
  if (known) return known;
  const odds = escapeOdds(tables, question);
  if (keptEscapes.size >= escapesKept) keptEscapes.delete(keptEscapes.keys().next().value!);
  keptEscapes.set(key, odds);
  return odds;
}

/** The odds for the view's reader; `seq` is the entry the view was read after. */
export function nemesisOddsFor(
  context: NemesisOddsContext,
  view: NemesisView,
  seq: number,
): NemesisOdds {
  const { pack, tables } = context;
  const seat = String(view.viewer);
  const me = view.players.find((player) => player.seat === view.viewer);
  const odds: NemesisOdds = {
    seq,
    seat,
    character: me?.character ?? null,
    room: null,
    attacks: [],
    noise: [],
    escape: null,
    encounter: null,
    left_out: [],
  };
  if (!me || me.character === null || me.status !== 'active') {
    odds.left_out.push('no character of yours is on the ship');
    return odds;
  }
  const room = me.room;
  odds.room = room;
  const deck = attackDeckWith(tables, view.attackDeck.discardPile);
  const here = view.intruders.filter((intruder) => intruder.room === room);

  const weapons = [...new Set(me.weapons.filter((w) => w.ammo > 0).map((w) => w.id))];
  for (const intruder of here) {
    const target = { kind: intruder.kind, injuries: intruder.injuries, deck };
    const attacks = [
      ...weapons.map((weapon) => combatOdds(pack, tables, { attack: 'shoot', weapon, ...target })),
      combatOdds(pack, tables, { attack: 'melee', ...target }),
    ];
    for (const attack of attacks) {
      odds.attacks.push({
        attack: attack.attack,
        weapon: attack.weapon,
        intruder: intruder.id,
        kind: intruder.kind,
        injuries: intruder.injuries,
        p_hit: attack.p_hit,
        p_dead: attack.p_dead,
        p_retreats: attack.p_retreats,
        p_stays: attack.p_stays,
        p_serious_wound: attack.p_serious_wound,
      });
    }
  }

  odds.noise.push(noiseIn(tables, view, room, true, me.slime));
  const neighbours = new Set<number>();
  for (const corridor of view.corridors) {
    const [a, b] = corridor.ends;
    if (a === room) neighbours.add(b);
    if (b === room) neighbours.add(a);
  }
  for (const neighbour of [...neighbours].sort((a, b) => a - b)) {
    const explored = view.rooms.find((candidate) => candidate.number === neighbour)?.explored;
    const occupied = view.intruders.some((intruder) => intruder.room === neighbour);
    // An unexplored room's token is resolved first, and a room with an Intruder makes no roll.
    if (explored && !occupied) odds.noise.push(noiseIn(tables, view, neighbour, false, me.slime));
  }

  if (here.length > 0) {
    const intruders = here.map((intruder) => intruder.kind);
    const attackers = intruders.filter((kind) => kind !== 'larva').length;
    if (attackers > escapeAttackersAtMost) {
      odds.left_out.push(
        `escape: ${attackers} Intruders would attack; the exact sum is given for at most ${escapeAttackersAtMost}`,
      );
    } else {
      const survival = escapeFrom(tables, {
        intruders,
        seriousWounds: me.seriousWounds.length,
        lightWounds: me.lightWounds,
        // The Move that escapes costs one card before the attacks.
        hand: Math.max(0, me.handSize - 1),
        deck,
      });
      odds.escape = {
        intruders: survival.intruders,
        p_survives: survival.p_survives,
        p_dies: survival.p_dies,
        serious_wounds_after: survival.serious_wounds_after,
      };
    }
  }

  const kinds = bagByKind(tables, view);
  const counted = Object.values(kinds).reduce((sum, number) => sum + number, 0);
  if (counted !== view.bagSize) {
    // A Bag development holds a drawn token while it resolves: the view does not say which.
    odds.left_out.push('encounter: a token is out of the bag while a step resolves');
  } else if (view.bagSize === 0) {
    odds.left_out.push('encounter: the Intruder bag is empty');
  } else {
    const bag = { kinds };
    const now = encounterOdds(tables, bag, me.handSize);
    const hands = Array.from(
      { length: Math.max(handsCharted, me.handSize) + 1 },
      (_, hand) => hand,
    );
    odds.encounter = {
      hand: now.hand,
      tokens_in_bag: now.tokens_in_bag,
      appears: now.appears.map((entry) => ({ ...entry })),
      p_surprise: now.p_surprise,
      surprise_by_hand: hands.map((hand) => ({
        hand,
        p: hand === me.handSize ? now.p_surprise : encounterOdds(tables, bag, hand).p_surprise,
      })),
    };
  }
  return odds;
}
