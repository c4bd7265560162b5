import type { Seat } from '@tabletop/engine';
import { injuriesFromFace } from '../combat/shoot.js';
import { countShot, rerollsAllowed } from '../combat/weapon-rules.js';
import type { Condition, Effect, HeavyObject, IntruderKind } from '../content/effects.js';
import { type CraftIcon, type ItemDeckColour, itemDeckColours } from '../content/schema.js';
import type { Tables } from '../content/tables.js';
import { acceptTrade } from '../items/trade.js';
import { researchedAs } from '../objects/object-kinds.js';
import { hibernatorium } from '../setup/setup.js';
import {
  hiddenContamination,
  type NemesisView,
  type PlayerView,
  type TradeView,
} from '../views/view.js';
import type { NemesisAction } from '../vocabulary/actions.js';
import type { IntruderState } from '../vocabulary/state.js';
import type { Chosen } from '../vocabulary/steps.js';
import type { NemesisBot } from './bot.js';
import { pickByKind } from './random.js';
import { cardFor, cardsFor, keepWorth, payingCards } from './sensible-cards.js';
import {
  freeHandSlots,
  objectsNeeded,
  researchableHere,
  weaknessesSought,
} from './sensible-research.js';
import {
  deliveryGoal,
  deliveryToDrop,
  deliveryToPickUp,
  eggWanted,
  everyRoomPursued,
  explorationWanted,
  roomsToExplore,
  signalWanted,
  sparingTeammates,
  sparingView,
} from './sensible-teamwork.js';

/**
 * The sensible bot: fights when armed, flees when hurt, heads for survival;
 * an opponent a person can play against and learn from.
 *
 * Fair play by construction: it is handed the seat's view and legal
 * actions (the engine's bot input), never the state, so it cannot know the
 * order of a deck or of the bag, what an unexplored room holds, or whether
 * a Contamination card is INFECTED (the legal actions name such cards as
 * the view does). The content pack's facts (dice faces, weapons,
 * characters) are public and it uses them.
 *
 * What it does, to leave the ship alive (four of them survive about 16% of
 * the time, against 13% when it pays with its Action cards but never plays
 * them, and 3% before it used items and rooms):
 * - Draft: the character whose starting weapon holds the most ammunition.
 * - First Encounter: keeps the Objective its plan can best meet (see
 *   `objectiveChance`).
 * - In Combat: sends the Intruder away with an item (or leaves unharmed with
 *   one) when it would otherwise run; escapes when badly wounded or when
 *   the room burns; otherwise shoots when a loaded weapon has fair odds,
 *   with the weapon likeliest to wound (a Flamethrower wounds on all but
 *   the blank);
 *   fights hand to hand only when it cannot shoot and is unhurt; otherwise
 *   escapes, and passes (keeping its cards) when it cannot pay for any of it.
 * - Out of Combat, first what it can do where it stands: dress and heal its
 *   wounds with items, put out the fire of its room, mend the Malfunction
 *   of its room when the ship is near its ninth marker or when the room is
 *   its way out (an Evac Section, the Hibernatorium), top up a Flamethrower
 *   with Chemicals, refill an empty weapon it has no other shot from; take
 *   the Room Action that serves it (treat its wounds in the Emergency Room,
 *   unlock the pods from the Hatch Control System, read the Coordinates in
 *   the Cockpit and steer for Earth, put out a spreading fire from the Fire
 *   Control System, refill in the Armory, research a Weakness in the
 *   Laboratory, or with Laboratory Equipment: any card for one its
 *   Objectives need, else while it keeps `cardsToKeep`); drop an object no
 *   Objective needs; craft a Flamethrower (Chemicals or Alcohol with
 *   Tools) when a hand is free and `cardsToKeep` cards stay, unless the
 *   Tools are its only way to mend a broken way out; search a room that
 *   still holds items, keeping what mends its way out, then what heals,
 *   then weapons and ammunition; pick up a Corpse, Carcass or Egg whose
 *   Weakness its Objectives need.
 * - Then it walks: to an unlocked pod it can board (a burning Evac Section
 *   only when it can board at once); to the Hibernatorium when the chambers
 *   are about to open; to the Hatch Control System, or else to wait by its
 *   pod, once it knows an Evac Section whose pod is still locked, unless it
 *   carries an object to research (or one lies in the Laboratory), when it
 *   goes to the Laboratory first, while unhurt and early enough; early on,
 *   to the nearest unexplored room, but never once six Malfunction or Fire
 *   markers are out (each room explored may add one, and the ninth ends the
 *   ship). With No Man Left Behind pursued, it explores its share of the
 *   rooms past those stopping points (`teamExploring`). It leaves a
 *   burning room rather than end the round there. An
 *   Evac Section or Hibernatorium with a Malfunction is no way out unless it
 *   can mend it. Its paths avoid burning rooms and rooms with Intruders. It
 *   moves carefully (no Noise roll) when it can afford it, and never spends
 *   its hand below `cardsToKeep`, because a Surprise Attack strikes whoever
 *   holds fewer cards than the Intruder token's number, and an Intruder in
 *   the Event Phase attacks whoever holds the fewest.
 * - In its Evac Section with a free seat in an unlocked pod it boards, and
 *   launches at once; in the Hibernatorium once the chambers open it
 *   hibernates, unless an open pod is close.
 * - Its Action cards, each where it helps (sensible-cards.ts reads what a
 *   card can do here from the pack): in Combat, Suppressive or Covering
 *   Fire to leave unharmed where it would escape, else Adrenaline; Taking
 *   Aim or Adrenaline where it would shoot, Full Auto only at what a shot
 *   rarely hurts; Reload for an empty weapon when the fight is worth it.
 *   Out of Combat, a card taking its room's action for free (Old Friend,
 *   Computer Skills, Piloting, Blocking Access) to board, hibernate or
 *   take a Room Action worth its cards; a repair card (Repairs, Basic and
 *   Fast Repairs, Ingenuity) for the Malfunction of its way out, and for an
 *   engine it stands by and has not seen working; Pyrotechnics to put out
 *   the fire of a room it means to stay in; Scavenging in a room whose
 *   items ran out; Reconnaissance rather than Careful Movement; Technical
 *   Corridors for a long shortcut. When it would pass: Rest when it holds
 *   Contamination, Reload for a weapon short of ammo, Knowledge of the Ship
 *   while it knows no Evac Section, Motivation. A repair card counts as a
 *   way to mend a malfunctioning way out. It pays with the cards it would
 *   least rather keep (`keepWorth`). It plays no Demolition, Order, Risk
 *   Assessment or Intranet: none serves its plan.
 * - At an interrupt window: Nerves of Steel against a Surprise Attack on
 *   itself; otherwise it lets the action go on (`interruptAnswer`).
 * When the game asks something it has no plan for, it falls back to the
 * random bot's choice, so it always answers with a legal action.
 */
export function sensibleBot(ruleset: { tables: Tables }): NemesisBot {
  return sensible(ruleset.tables, { playsCards: true });
}

/**
 * The same bot, but treating its Action cards as payment only: it never
 * takes the Play a Card action. Measuring one against the other says what
 * the cards' effects are worth to it.
 */
export function sensibleBotWithoutCards(ruleset: { tables: Tables }): NemesisBot {
  return sensible(ruleset.tables, { playsCards: false });
}

/**
 * The sensible bot's rules of thumb with some of their thresholds changed
 * (`SensibleStyle`), to measure what each is worth.
 */
export function sensibleBotStyled(
  ruleset: { tables: Tables },
  style: Partial<SensibleStyle>,
  name = `sensible ${JSON.stringify(style)}`,
): NemesisBot {
  return sensible(ruleset.tables, { playsCards: true, style, name });
}

function sensible(
  tables: Tables,
  options: { playsCards: boolean; style?: Partial<SensibleStyle>; name?: string },
): NemesisBot {
  const style = options.style === undefined ? null : { ...sensibleStyle, ...options.style };
  return {
    name: options.name ?? (options.playsCards ? 'sensible' : 'sensible-without-cards'),
    choose({ seat, view: seen, legal: all, random }) {
      if (all.length === 0) throw new Error(`seat ${seat} has no legal action to choose from`);
      const view = sparingView(tables, seen, seat);
      // The view may be the input's own, which another bot may be handed too: set or clear.
      if (style !== null) styleOf.set(view, style);
      else styleOf.delete(view);
      const spared = sparingTeammates(tables, view, seat, [...all]);
      const legal = options.playsCards ? spared : withoutPlayingCards(spared);
      if (!options.playsCards) viewsWithoutCards.add(view);
      if (view.interruptWindow?.asking.includes(seat))
        return interruptAnswer(tables, legal, options.playsCards);
      return decide(tables, view, seat, legal) ?? pickByKind(legal, random);
    },
  };
}

/** Thresholds of the sensible bot's rules of thumb. */
export interface SensibleStyle {
  /** Rounds it spares on its way to the Hibernatorium before the chambers open. */
  roundsToSpare: number;
  /** Serious Wounds at which, in a fight, it escapes rather than fights. */
  fleeAt: number;
  /** The least chance to wound for which it shoots rather than escapes. */
  shootAt: number;
}

export const sensibleStyle: Readonly<SensibleStyle> = {
  roundsToSpare: 1,
  fleeAt: 2,
  shootAt: 1 / 2,
};

/** The views of a styled bot (`sensibleBotStyled`), for the rules that read its thresholds. */
const styleOf = new WeakMap<NemesisView, SensibleStyle>();

/**
 * The views of a bot that plays no card: besides its legal actions, only
 * `canMend` looks at the cards it could play, and must not count them.
 */
const viewsWithoutCards = new WeakSet<NemesisView>();

/**
 * At an interrupt window: Nerves of Steel against a Surprise Attack on
 * itself (the attack that would hurt it is cancelled); otherwise it lets
 * the action go on, keeping its Interruption: cancelling another's action
 * serves no plan of its own. It never gives up the windows for good.
 */
function interruptAnswer(
  tables: Tables,
  legal: NemesisAction[],
  playsCards: boolean,
): NemesisAction {
  const shield = legal.find(
    (action) =>
      action.type === 'card' && tables.actionCards.get(action.card)?.play?.kind === 'ignore-attack',
  );
  if (playsCards && shield) return shield;
  return legal.find((action) => action.type === 'done') ?? legal[0]!;
}

function withoutPlayingCards(legal: NemesisAction[]): NemesisAction[] {
  const kept = legal.filter((action) => action.type !== 'play-card');
  return kept.length > 0 ? kept : legal;
}

/** Cards the bot keeps in hand when it can: Intruder tokens of 1 and 2 then never surprise it. */
export const cardsToKeep = 2;
/** A shot is worth its card when it wounds at least this often. */
export const fairOdds = 1 / 2;
/** Serious Wounds at which the bot stops fighting and escapes: one more and the next wound kills. */
export const badlyWounded = 2;

/**
 * How likely the bot's own plan meets an Objective's requirement, read from
 * the pack's conditions: it means to leave in a pod (which always counts as
 * reaching Earth), so "the ship reaches Earth" and "survive by pod" are
 * likely; most characters die, so "Player N does not survive" is likely
 * when N is another seat; it sends no Signal, carries no object and hunts
 * no Nest, so those are unlikely. Where a condition asks several things the
 * chances multiply, where it offers several the best counts.
 */
export function objectiveChance(condition: Condition, seat: Seat): number {
  switch (condition.kind) {
    case 'all':
      return condition.of.reduce((chance, inner) => chance * objectiveChance(inner, seat), 1);
    case 'any':
      return Math.max(0, ...condition.of.map((inner) => objectiveChance(inner, seat)));
    case 'ship-reaches':
      return condition.destination === 'earth' ? 0.9 : 0.05;
    case 'survived-by':
      return condition.ways.includes('escape-pod') ? 1 : 0.2;
    case 'player-character-survives':
      // "Player N" is the seat numbered N from 1; naming yourself is never met.
      if (String(condition.player - 1) === seat) return 0;
      return condition.survives ? 0.2 : 0.8;
    case 'only-survivor':
      return 0.3;
    case 'other-survivors':
      return 0.4;
    case 'weaknesses-revealed':
    case 'weakness-revealed':
      // It researches what it finds on its way, but a Corpse, Carcass or Egg must turn up,
      // and the Laboratory be found, working, and reached before the way out calls. Measured:
      // such an Objective was met 3 times in 231 (300 games), so it is no likelier than the
      // other long shots, and the bot keeps it only where its other choice is no better.
      return 0.05;
    default:
      return 0.05;
  }
}

type Choice = NemesisAction | null;

/**
 * What the bot means to do with its turn. A turn is asked one choice at a
 * time (the action, then its room, its target, each card), so the bot works
 * out its whole plan from its view at each question and answers the part
 * asked.
 */
type Plan =
  | { action: 'move'; to: number }
  | { action: 'careful-move'; to: number }
  | { action: 'shoot' | 'melee'; target: number }
  | { action: 'use-item'; item: string; wants: readonly Effect['kind'][] }
  | { action: 'room-action' }
  | { action: 'pick-up' | 'drop'; object: HeavyObject }
  | { action: 'search' }
  | { action: 'craft'; item: string; components: readonly string[] }
  | { action: 'play-card'; card: string; wants: readonly Effect['kind'][] }
  | { action: 'pass'; shedContamination: boolean };

function decide(tables: Tables, view: NemesisView, seat: Seat, legal: NemesisAction[]): Choice {
  const first = legal[0]!;
  if (first.type === 'choose-character') return chooseCharacter(tables, legal);
  if (first.type === 'choose-objective') return chooseObjective(tables, seat, legal);
  // Aboard a pod, it leaves at once: waiting for company risks an Intruder sending it back.
  if (first.type === 'escape-pod') return { type: 'escape-pod', choice: 'launch' };
  const me = view.players.find((player) => player.seat === seat);
  const you = view.you;
  if (!me || !you) return null;
  // Questions asked after an action was paid for: the deck and card of a search, an effect's option.
  if (you.search) return searchAnswer(tables, view, me, legal);
  if (view.trade && (view.trade.trader === seat || view.trade.exchange?.partner === seat))
    return tradeAnswer(view.trade, seat, legal);
  if (you.effect) return effectAnswer(tables, view, me, legal);
  if (view.resolving.at(-1) === 'drop-for-hand-slots') return objectToDrop(tables, view, legal);
  const fighting = view.intruders.some((intruder) => intruder.room === me.room);
  // Which card to play is the plan's to say; the rest of the hand pays.
  const picking = you.choosing?.action === 'play-card' && you.choosing.chosen.played === undefined;
  // Paying and discarding need no plan: answered at once, which keeps the bot quick.
  if (you.choosing && !picking) {
    const asked = first.type;
    if (asked === 'weapon') return likeliestWeapon(tables, view, me, legal);
    if (asked === 'card' || asked === 'done')
      return you.choosing.action === 'pass'
        ? discardChoice(tables, view, legal, !fighting)
        : cheapestCard(tables, legal);
  }
  const board = new Board(view);
  // At the start of an action, what the rules allow now. Once one is under way its plan stands:
  // the plan is worked out again with that action alone allowed, reaching the same answer.
  const allowed = (type: Plan['action']) =>
    you.choosing === null
      ? legal.some((action) => action.type === type)
      : (type === 'play-card') === (you.choosing.action === 'play-card');
  // A card that takes the room's action for free spares the two cards it costs.
  const free = !fighting && allowed('play-card') ? freeRoomAction(tables, view, board, me) : null;
  if (free) return answer(tables, view, board, me, free, legal);
  if (!you.choosing && wantsToHibernate(tables, view, board, me, legal))
    return { type: 'room-action' };
  if (!you.choosing && wantsAPod(tables, view, board, me, legal)) return { type: 'room-action' };
  const plan = fighting
    ? fight(tables, view, board, me, allowed)
    : walk(tables, view, board, me, allowed);
  return answer(tables, view, board, me, plan, legal);
}

/**
 * Hands overfull: an object no Objective needs goes first, then any object;
 * the Heavy Item it found (a weapon, most often) stays.
 */
function objectToDrop(tables: Tables, view: NemesisView, legal: NemesisAction[]): Choice {
  const needed = objectsNeeded(tables, view);
  return (
    legal.find(
      (action) =>
        action.type === 'object' &&
        !needed.has(researchedAs(action.object)) &&
        !needed.has(action.object),
    ) ??
    legal.find((action) => action.type === 'object') ??
    null
  );
}

/**
 * In a Trade: the bot starts none of its own and gives nothing away, as its
 * plan has no use for another's items worth one of its own; it accepts an
 * exchange in which it receives at least as many items as it gives.
 */
function tradeAnswer(trade: TradeView, seat: Seat, legal: NemesisAction[]): Choice {
  const accept = legal.find((action) => action.type === 'option' && action.option === acceptTrade);
  const exchange = trade.exchange;
  if (accept && exchange) {
    const [gives, receives] =
      seat === trade.trader
        ? [exchange.traderGives, exchange.partnerGives]
        : [exchange.partnerGives, exchange.traderGives];
    if (receives.length >= gives.length) return accept;
  }
  return legal.find((action) => action.type === 'done') ?? null;
}

/**
 * In the Hibernatorium with the chambers open, the bot tries to hibernate
 * (its Room Action), unless an open pod is near: a pod flies home whatever
 * the engines and the Coordinates, which a hibernating character must trust.
 */
function wantsToHibernate(
  tables: Tables,
  view: NemesisView,
  board: Board,
  me: PlayerView,
  legal: NemesisAction[],
): boolean {
  if (!legal.some((action) => action.type === 'room-action')) return false;
  return hibernatesHere(tables, view, board, me);
}

function hibernatesHere(tables: Tables, view: NemesisView, board: Board, me: PlayerView): boolean {
  if (me.room !== hibernatorium || !view.hibernationOpen) return false;
  if (teamExploring(tables, view, board, me)) return false;
  const roundsLeft = tables.time.jumpAfter - view.time;
  return board.steps(me.room, openEvacSections(tables, view)) > Math.min(2, roundsLeft - 1);
}

/** The Evac Sections whose pods have a free seat and are unlocked: the rooms to leave from. */
function openEvacSections(tables: Tables, view: NemesisView, evenLocked = false): Set<number> {
  const open = new Set<number>();
  // A Malfunction switches the Room Action off: such a section serves only a bot that can mend it.
  const mending = canMend(tables, view);
  for (const room of view.rooms) {
    // A room it looked at (Knowledge of the Ship) is known too: entering explores it.
    const tile = room.tile ?? view.you!.peeked.find((peek) => peek.room === room.number)?.tile;
    const section = tile ? tables.roomTiles.get(tile)?.section : null;
    if (!section || (room.malfunction && !mending)) continue;
    const seat = view.pods.some(
      (pod) =>
        pod.section === section &&
        !pod.launched &&
        (evenLocked || !pod.locked) &&
        pod.occupants.length < tables.pods.seats,
    );
    if (seat) open.add(room.number);
  }
  return open;
}

/**
 * In an Evac Section with a free seat in an unlocked pod, the bot tries to
 * board (its Room Action), unless it still explores for the team.
 */
function wantsAPod(
  tables: Tables,
  view: NemesisView,
  board: Board,
  me: PlayerView,
  legal: NemesisAction[],
): boolean {
  return (
    boardsHere(tables, view, board, me) && legal.some((action) => action.type === 'room-action')
  );
}

function boardsHere(tables: Tables, view: NemesisView, board: Board, me: PlayerView): boolean {
  return openEvacSections(tables, view).has(me.room) && !teamExploring(tables, view, board, me);
}

/** The answer to the question asked, following the plan; null where the plan says nothing of it. */
function answer(
  tables: Tables,
  view: NemesisView,
  board: Board,
  me: PlayerView,
  plan: Plan,
  legal: NemesisAction[],
): Choice {
  const offered = (wanted: NemesisAction) =>
    legal.find((action) => JSON.stringify(action) === JSON.stringify(wanted)) ?? null;
  const choosing = view.you!.choosing;
  if (!choosing) return offered({ type: plan.action });
  switch (legal[0]!.type) {
    case 'room':
      return 'to' in plan ? offered({ type: 'room', room: plan.to }) : null;
    case 'corridor':
      return 'to' in plan ? quietestCorridor(tables, view, board, me, legal) : null;
    case 'target':
      return 'target' in plan ? offered({ type: 'target', target: plan.target }) : null;
    case 'item':
      if (plan.action === 'craft')
        return offered({ type: 'item', item: craftAnswer(plan, choosing.chosen) });
      return 'item' in plan ? offered({ type: 'item', item: plan.item }) : null;
    case 'object':
      return 'object' in plan ? offered({ type: 'object', object: plan.object }) : null;
    case 'option':
      // Which of the item's uses: the one whose effect the plan wants.
      return plan.action === 'use-item' ? useWanted(tables, plan, legal) : null;
    case 'card':
      // Were its card refused for a reason the view cannot show, a harmless one is played.
      return (
        (plan.action === 'play-card' ? offered({ type: 'card', card: plan.card }) : null) ??
        harmlessCard(tables, legal)
      );
    default:
      return null;
  }
}

/** Effects that never hurt the bot or the ship: a card played for want of its own is one of these. */
const harmless = new Set<Effect['kind']>(['draw-action-cards', 'scan-contamination', 'peek-rooms']);

function harmlessCard(tables: Tables, legal: NemesisAction[]): Choice {
  return (
    legal.find((action) => {
      const play = action.type === 'card' ? tables.actionCards.get(action.card)?.play : null;
      return play != null && harmless.has(play.kind);
    }) ?? null
  );
}

/**
 * A card that takes the Room Action of the bot's room for free, where the
 * bot wants that action: boarding a pod, hibernating, or another action
 * worth its two cards.
 */
function freeRoomAction(
  tables: Tables,
  view: NemesisView,
  board: Board,
  me: PlayerView,
): Plan | null {
  const here = view.rooms[me.room - 1];
  if (!here?.tile || here.malfunction || !tables.roomTiles.get(here.tile)?.action) return null;
  const card = cardFor(tables, view, me, false, 'free-room-action');
  if (!card) return null;
  const wanted =
    boardsHere(tables, view, board, me) ||
    hibernatesHere(tables, view, board, me) ||
    roomActionWorthIt(tables, view, me);
  return wanted ? { action: 'play-card', card: card.id, wants: ['free-room-action'] } : null;
}

/** A card to pay with: the one the bot would least rather keep (`keepWorth`). */
function cheapestCard(tables: Tables, legal: NemesisAction[]): Choice {
  let best: Choice = null;
  let lowest = Number.POSITIVE_INFINITY;
  for (const action of legal) {
    if (action.type !== 'card') continue;
    const worth = keepWorth(tables, action.card);
    if (worth < lowest) {
      best = action;
      lowest = worth;
    }
  }
  return best ?? legal[0]!;
}

/** Each effect's kinds, worked out once: the pack's effects never change. */
const kindsOfEffect = new WeakMap<Effect, ReadonlySet<Effect['kind']>>();

/** The kinds of effect an effect can have, through its choices, sequences and conditions. */
export function effectKinds(effect: Effect): ReadonlySet<Effect['kind']> {
  let kinds = kindsOfEffect.get(effect);
  if (!kinds) {
    const into = new Set<Effect['kind']>([effect.kind]);
    const inner =
      effect.kind === 'choice'
        ? effect.options
        : effect.kind === 'sequence'
          ? effect.steps
          : effect.kind === 'only-if' || effect.kind === 'optional' || effect.kind === 'choose-room'
            ? [effect.effect]
            : [];
    for (const part of inner) for (const kind of effectKinds(part)) into.add(kind);
    kinds = into;
    kindsOfEffect.set(effect, kinds);
  }
  return kinds;
}

/** The action uses of an item, by its place on the card. */
function itemActions(tables: Tables, item: string): { place: number; effect: Effect }[] {
  const uses = tables.items.get(item)?.uses ?? [];
  return uses.flatMap((use, place) =>
    use.kind === 'action' ? [{ place, effect: use.effect }] : [],
  );
}

/** Whether one of the item's action uses can do one of these kinds of effect. */
function itemDoes(tables: Tables, item: string, kinds: readonly Effect['kind'][]): boolean {
  return itemActions(tables, item).some(({ effect }) => {
    const has = effectKinds(effect);
    return kinds.some((kind) => has.has(kind));
  });
}

function useWanted(
  tables: Tables,
  plan: Extract<Plan, { action: 'use-item' }>,
  legal: NemesisAction[],
): Choice {
  for (const { place, effect } of itemActions(tables, plan.item)) {
    const has = effectKinds(effect);
    if (!plan.wants.some((kind) => has.has(kind))) continue;
    const option = legal.find((action) => action.type === 'option' && action.option === place);
    if (option) return option;
  }
  return legal[0]!;
}

/** What the bot wants from an effect, best first, as its wounds and its room stand now. */
function wantedKinds(tables: Tables, view: NemesisView, me: PlayerView): Effect['kind'][] {
  // Only the cards take a Room Action for free, and the bot plays them for nothing else.
  const wants: Effect['kind'][] = ['free-room-action'];
  if (me.seriousWounds.some((wound) => !wound.dressed)) wants.push('dress-serious-wounds');
  if (me.seriousWounds.some((wound) => wound.dressed)) wants.push('heal-dressed-serious-wounds');
  if (me.lightWounds > 0) wants.push('heal-light-wounds');
  const here = view.rooms[me.room - 1];
  if (here?.fire) wants.push('remove-fire');
  if (here?.malfunction) wants.push('remove-malfunction');
  const tile = here?.tile ? tables.roomTiles.get(here.tile) : undefined;
  if (tile?.engine) wants.push('repair-or-break-engine');
  if (me.weapons.some((weapon) => weapon.ammo < weapon.capacity)) wants.push('reload');
  if (view.you!.coordinates === null) wants.push('check-coordinates');
  else wants.push('set-destination');
  if (me.slime) wants.push('remove-slime');
  wants.push('peek-rooms');
  // In Combat: what ends it without an Escape's attack.
  if (view.intruders.some((intruder) => intruder.room === me.room)) {
    wants.push('intruders-retreat', 'injure-intruder');
    if (shotWorthIt(tables, view, me)) wants.push('shoot');
    wants.push('move');
  }
  wants.push('draw-action-cards');
  return wants;
}

/** An effect waiting on the bot's choice: the option it wants, the Earth space, a locked pod. */
function effectAnswer(
  tables: Tables,
  view: NemesisView,
  me: PlayerView,
  legal: NemesisAction[],
): Choice {
  const effect = view.you!.effect!.effect;
  const option = (number: number) =>
    legal.find((action) => action.type === 'option' && action.option === number) ?? null;
  // A card's shot: the weapon likeliest to wound, at the likeliest target.
  const asked = legal[0]!.type;
  if (asked === 'weapon') return likeliestWeapon(tables, view, me, legal);
  if (asked === 'target') return likeliestTarget(tables, view, legal);
  if (asked === 'object' && effectKinds(effect).has('research-weakness'))
    return objectToResearch(tables, view, legal);
  // A card's move (out of Combat or away from it): the room that brings it nearest its goals.
  if (asked === 'room' && (effect.kind === 'move' || effect.kind === 'leave-room'))
    return roomTowardGoals(tables, view, me, legal);
  switch (effect.kind) {
    case 'leave-room':
      // Suppressive and Covering Fire: the bot itself leaves (option 0), others may follow.
      return option(0);
    case 'repair-or-break-engine':
      // Working on top (option 0): a damaged engine may blow the ship up at the jump.
      return option(0);
    case 'peek-rooms':
      return nearestRoom(view, me, legal);
    case 'choice': {
      const kinds = effect.options.map((inner) => effectKinds(inner));
      for (const want of wantedKinds(tables, view, me)) {
        const place = kinds.findIndex((has) => has.has(want));
        const offered = place >= 0 ? option(place) : null;
        if (offered) return offered;
      }
      return null;
    }
    case 'set-destination': {
      const card = view.you!.coordinates;
      const earth = card ? tables.coordinates.get(card)?.earth : undefined;
      return earth === undefined ? null : option(tables.destination.spaces.indexOf(earth));
    }
    case 'lock-or-unlock-pod': {
      const locked = view.pods.find(
        (pod) => pod.locked && !pod.launched && option(pod.number) !== null,
      );
      return locked ? option(locked.number) : null;
    }
    case 'choose-room': {
      // Fire Control: the burning room with the most burning neighbours, where the fire spreads from.
      if (!effectKinds(effect).has('remove-fire')) return null;
      let best: Choice = null;
      let most = -1;
      for (const action of legal) {
        if (action.type !== 'room' || !view.rooms[action.room - 1]?.fire) continue;
        const burning = reachable(tables, view, action.room).filter(
          (room) => view.rooms[room - 1]?.fire,
        ).length;
        if (burning > most) {
          best = action;
          most = burning;
        }
      }
      return best;
    }
    case 'optional':
      // A scan of the hand may find an INFECTED card and a Larva with it: the bot declines.
      return legal.find((action) => action.type === 'done') ?? null;
    default:
      return null;
  }
}

/** Of the objects offered for research, one whose Weakness its Objectives need, else any. */
function objectToResearch(tables: Tables, view: NemesisView, legal: NemesisAction[]): Choice {
  const sought = weaknessesSought(tables, view);
  return (
    legal.find((action) => action.type === 'object' && sought.has(action.object)) ??
    legal[0] ??
    null
  );
}

/**
 * Of the weapons offered, the likeliest to wound an Intruder in the bot's
 * room (a Flamethrower wounds on every face but the blank); of equals, the
 * one with most ammo, so the others stay loaded for later.
 */
function likeliestWeapon(
  tables: Tables,
  view: NemesisView,
  me: PlayerView,
  legal: NemesisAction[],
): Choice {
  const kinds = view.intruders
    .filter((intruder) => intruder.room === me.room)
    .map((intruder) => intruder.kind);
  let best: Choice = null;
  let bestChance = -1;
  let most = -1;
  for (const action of legal) {
    if (action.type !== 'weapon') continue;
    const chance = Math.max(0, ...kinds.map((kind) => shotChance(tables, action.weapon, kind)));
    const ammo = me.weapons.find((weapon) => weapon.id === action.weapon)?.ammo ?? 0;
    if (chance > bestChance || (chance === bestChance && ammo > most)) {
      best = action;
      bestChance = chance;
      most = ammo;
    }
  }
  return best ?? legal[0]!;
}

function likeliestTarget(tables: Tables, view: NemesisView, legal: NemesisAction[]): Choice {
  let best: Choice = null;
  let bestChance = -1;
  for (const action of legal) {
    if (action.type !== 'target') continue;
    const intruder = view.intruders.find((candidate) => candidate.id === action.target);
    const chance = intruder ? woundChance(tables, intruder.kind, 'shoot') : 0;
    if (chance > bestChance) {
      best = action;
      bestChance = chance;
    }
  }
  return best;
}

/** Of the rooms offered, the fewest moves away. */
function nearestRoom(view: NemesisView, me: PlayerView, legal: NemesisAction[]): Choice {
  const board = new Board(view);
  let best: Choice = null;
  let fewest = Number.POSITIVE_INFINITY;
  for (const action of legal) {
    if (action.type !== 'room') continue;
    const steps = board.steps(me.room, new Set([action.room]));
    if (steps < fewest) {
      best = action;
      fewest = steps;
    }
  }
  return best ?? legal[0]!;
}

/** Of the rooms offered, the one nearest the goals, avoiding Intruders and fire. */
function roomTowardGoals(
  tables: Tables,
  view: NemesisView,
  me: PlayerView,
  legal: NemesisAction[],
): Choice {
  const board = new Board(view);
  const distance = board.costsTo(goalsOf(tables, view, board, me));
  let best: Choice = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const action of legal) {
    if (action.type !== 'room') continue;
    const score =
      board.entryCost(action.room) +
      Math.min(distance[action.room] ?? Number.POSITIVE_INFINITY, 1000);
    if (score < bestScore) {
      best = action;
      bestScore = score;
    }
  }
  return best;
}

/**
 * A search: the deck of what it lacks most (medical when it holds nothing
 * to dress a wound, else military), then the card worth most to it.
 */
function searchAnswer(
  tables: Tables,
  view: NemesisView,
  me: PlayerView,
  legal: NemesisAction[],
): Choice {
  const search = view.you!.search!;
  if (search.deck === null) {
    const healing = view.you!.items.some((item) => itemDoes(tables, item, healingKinds));
    const order: ItemDeckColour[] =
      brokenWayOut(tables, view) && !canMend(tables, view)
        ? ['yellow', 'green', 'red']
        : healing
          ? ['red', 'green', 'yellow']
          : ['green', 'red', 'yellow'];
    for (const colour of order) {
      const place = itemDeckColours.indexOf(colour);
      const offered = legal.find((action) => action.type === 'option' && action.option === place);
      if (offered) return offered;
    }
    return null;
  }
  let best: Choice = null;
  let bestWorth = Number.NEGATIVE_INFINITY;
  for (const action of legal) {
    if (action.type !== 'item') continue;
    const worth = itemWorth(tables, view, me, action.item);
    if (worth > bestWorth) {
      best = action;
      bestWorth = worth;
    }
  }
  return best;
}

const healingKinds: readonly Effect['kind'][] = [
  'dress-serious-wounds',
  'heal-dressed-serious-wounds',
  'heal-light-wounds',
];

/** How much an item serves the bot's plan: healing first, then a weapon or ammunition, then repairs. */
function itemWorth(tables: Tables, view: NemesisView, me: PlayerView, item: string): number {
  const mends = itemDoes(tables, item, ['remove-malfunction']);
  // A broken Evac Section or Hibernatorium shuts the way out until someone mends it.
  if (mends && !canMend(tables, view) && brokenWayOut(tables, view)) return 6;
  if (itemDoes(tables, item, healingKinds)) return 5;
  const armed = me.weapons.some((weapon) => weapon.ammo > 0);
  if (tables.weapons.has(item)) return armed ? 2 : 4;
  if (me.weapons.some((weapon) => refills(tables, item, weapon.id))) return armed ? 3 : 4;
  if (itemDoes(tables, item, ['remove-malfunction', 'remove-fire'])) return 2;
  if (itemDoes(tables, item, ['draw-action-cards', 'lock-or-unlock-pod'])) return 1;
  return 0;
}

function chooseCharacter(tables: Tables, legal: NemesisAction[]): Choice {
  let best: Choice = null;
  let bestAmmo = -1;
  for (const action of legal) {
    if (action.type !== 'choose-character') continue;
    const weapon = tables.characters.get(action.character)?.startingWeapon;
    const ammo = (weapon === undefined ? undefined : tables.weapons.get(weapon)?.startingAmmo) ?? 0;
    if (ammo > bestAmmo) {
      best = action;
      bestAmmo = ammo;
    }
  }
  return best;
}

function chooseObjective(tables: Tables, seat: Seat, legal: NemesisAction[]): Choice {
  let best: Choice = null;
  let bestScore = -1;
  for (const action of legal) {
    if (action.type !== 'choose-objective') continue;
    const requirement = tables.objectives.get(action.keep)?.requirement;
    const score = requirement ? objectiveChance(requirement, seat) : 0;
    if (score > bestScore) {
      best = action;
      bestScore = score;
    }
  }
  return best;
}

/** The chance that one attack wounds an Intruder of this kind, from the Combat die's faces. */
export function woundChance(tables: Tables, kind: IntruderKind, attack: 'shoot' | 'melee'): number {
  const faces = tables.combatFaces;
  let wounding = 0;
  for (const face of faces) if (injuriesFromFace(face, kind, attack) > 0) wounding++;
  return faces.length === 0 ? 0 : wounding / faces.length;
}

/**
 * The chance that one shot with this weapon wounds an Intruder of this
 * kind: the weapon's card counts each face (combat/weapon-rules.ts), and a
 * re-roll it allows tries again after a miss.
 */
export function shotChance(tables: Tables, weapon: string, kind: IntruderKind): number {
  const faces = tables.combatFaces;
  if (faces.length === 0) return 0;
  const rules = tables.weapons.get(weapon)?.rules ?? [];
  const wounding = faces.filter((face) => countShot(face, kind, rules).injuries > 0).length;
  return 1 - (1 - wounding / faces.length) ** (1 + rerollsAllowed(rules));
}

/**
 * An item that ends the Combat without the attack an Escape draws: one that
 * sends the only Intruder here away, or carries the bot out unharmed.
 */
function retreatItem(tables: Tables, view: NemesisView, board: Board, me: PlayerView): Plan | null {
  const alone = board.intrudersIn(me.room).length === 1;
  for (const item of view.you!.items) {
    for (const { effect } of itemActions(tables, item)) {
      const kinds = effectKinds(effect);
      if (alone && kinds.has('intruders-retreat'))
        return { action: 'use-item', item, wants: ['intruders-retreat'] };
      if (alone && kinds.has('injure-intruder'))
        return { action: 'use-item', item, wants: ['injure-intruder'] };
      if (kinds.has('move') && moveUnharmed(effect))
        return { action: 'use-item', item, wants: ['move'] };
    }
  }
  return null;
}

function moveUnharmed(effect: Effect): boolean {
  if (effect.kind === 'move') return effect.unharmed;
  if (effect.kind === 'sequence') return effect.steps.some(moveUnharmed);
  if (effect.kind === 'choice') return effect.options.some(moveUnharmed);
  return false;
}

/** Reachable rooms: neighbours through a corridor whose door is not closed, in the board's order. */
function reachable(tables: Tables, view: NemesisView, room: number): number[] {
  const rooms: number[] = [];
  for (const exit of tables.exits[room] ?? []) {
    if (exit.corridor === 'technical') continue;
    const corridor = view.corridors[exit.corridor];
    if (!corridor || corridor.door === 'closed') continue;
    rooms.push(corridor.ends[0] === room ? corridor.ends[1] : corridor.ends[0]);
  }
  return rooms;
}

/** The best Intruder to attack in the bot's room: the likeliest to wound, then the most injured. */
function bestTarget(
  tables: Tables,
  board: Board,
  me: PlayerView,
  attack: 'shoot' | 'melee',
): { target: number; chance: number } | null {
  let best: { target: number; chance: number; injuries: number } | null = null;
  for (const intruder of board.intrudersIn(me.room)) {
    const chance = woundChance(tables, intruder.kind, attack);
    if (
      !best ||
      chance > best.chance ||
      (chance === best.chance && intruder.injuries > best.injuries)
    )
      best = { target: intruder.id, chance, injuries: intruder.injuries };
  }
  return best;
}

function fight(
  tables: Tables,
  view: NemesisView,
  board: Board,
  me: PlayerView,
  allowed: (type: Plan['action']) => boolean,
): Plan {
  const goals = goalsOf(tables, view, board, me);
  const distance = board.costsTo(goals);
  const cards = allowed('play-card');
  // With its goals cut off (closed doors), any room without Intruders or fire is a way out.
  const flight =
    allowed('move') || cards
      ? (bestStep(tables, view, board, me, distance, true) ??
        bestStep(tables, view, board, me, distance, true, true))
      : null;
  const getaway = flight === null ? null : escapeFrom(tables, view, me, flight, allowed);
  const retreat = allowed('use-item') ? retreatItem(tables, view, board, me) : null;
  const style = styleOf.get(view) ?? sensibleStyle;
  if (me.seriousWounds.length >= style.fleeAt) {
    if (retreat) return retreat;
    if (getaway) return getaway;
  }
  // Fighting on in a burning room ends the round there, and that costs a wound.
  if (view.rooms[me.room - 1]?.fire && getaway && flight !== null && !view.rooms[flight - 1]?.fire)
    return getaway;
  const armed = me.weapons.some((weapon) => weapon.ammo > 0);
  const shot = armed && (allowed('shoot') || cards) ? bestTarget(tables, board, me, 'shoot') : null;
  // Against what a shot rarely wounds (a Breeder, the Queen) the bot still shoots when it cannot run.
  if (shot && (shot.chance >= style.shootAt || (flight === null && shot.chance > 0))) {
    const card = cards ? shotCard(tables, view, me) : null;
    if (card) return { action: 'play-card', card, wants: ['shoot'] };
    if (allowed('shoot')) return { action: 'shoot', target: shot.target };
  }
  // An empty weapon refilled by a card (the Revolver takes no other) shoots at the next action.
  if (!armed && cards && me.seriousWounds.length < badlyWounded) {
    const blow = bestTarget(tables, board, me, 'shoot');
    const refill = blow && blow.chance >= fairOdds ? reloadCard(tables, view, me, true) : null;
    if (refill) return refill;
  }
  if (!armed && allowed('melee') && me.seriousWounds.length === 0 && me.lightWounds === 0) {
    const blow = bestTarget(tables, board, me, 'melee');
    if (blow && blow.chance >= fairOdds) return { action: 'melee', target: blow.target };
  }
  if (retreat) return retreat;
  if (getaway) return getaway;
  // Nothing worth paying for: pass and keep every card (the Intruders attack whoever holds fewest).
  return { action: 'pass', shedContamination: false };
}

/**
 * Out of a fight toward `flight`: unharmed with Suppressive or Covering
 * Fire (a round of ammo), else with Adrenaline (an Escape that draws a
 * card back), else by an Escape.
 */
function escapeFrom(
  tables: Tables,
  view: NemesisView,
  me: PlayerView,
  flight: number,
  allowed: (type: Plan['action']) => boolean,
): Plan | null {
  if (allowed('play-card')) {
    const covered = cardFor(tables, view, me, true, 'leave-room');
    if (covered) return { action: 'play-card', card: covered.id, wants: ['leave-room'] };
    const dash = cardFor(tables, view, me, true, 'move');
    if (dash) return { action: 'play-card', card: dash.id, wants: ['move'] };
  }
  return allowed('move') ? { action: 'move', to: flight } : null;
}

/**
 * A card that shoots better than a Shoot action: one with a reroll
 * (Taking Aim) or one that gives a card back (Adrenaline), for a loaded
 * weapon it fits. Full Auto empties the weapon for its injuries, which the
 * bot spends only on what a single shot rarely hurts (a Breeder, the Queen).
 */
function shotCard(tables: Tables, view: NemesisView, me: PlayerView): string | null {
  const hardTarget = view.intruders.some(
    (intruder) =>
      intruder.room === me.room && woundChance(tables, intruder.kind, 'shoot') < fairOdds,
  );
  let best: string | null = null;
  let bestScore = 0;
  for (const card of cardsFor(tables, view, me, true, 'shoot')) {
    const shot = shotIn(card.play!);
    if (!shot || !me.weapons.some((weapon) => weapon.ammo > 0 && fits(tables, shot, weapon.id)))
      continue;
    if (shot.emptiesWeapon && !hardTarget) continue;
    const score =
      1 +
      shot.extraRerolls +
      (effectKinds(card.play!).has('draw-action-cards') ? 1 : 0) -
      card.cost;
    if (score > bestScore) {
      best = card.id;
      bestScore = score;
    }
  }
  return best;
}

function shotIn(effect: Effect): Extract<Effect, { kind: 'shoot' }> | null {
  if (effect.kind === 'shoot') return effect;
  const inner =
    effect.kind === 'choice'
      ? effect.options
      : effect.kind === 'sequence'
        ? effect.steps
        : effect.kind === 'only-if' || effect.kind === 'optional'
          ? [effect.effect]
          : [];
  for (const part of inner) {
    const shot = shotIn(part);
    if (shot) return shot;
  }
  return null;
}

function fits(tables: Tables, shot: Extract<Effect, { kind: 'shoot' }>, weapon: string): boolean {
  return (
    shot.weapon === 'any' ||
    shot.weapon === weapon ||
    tables.weapons.get(weapon)?.type === shot.weapon
  );
}

/** Whether a shot is worth taking now: a loaded weapon, fair odds, and not too hurt to stay. */
function shotWorthIt(tables: Tables, view: NemesisView, me: PlayerView): boolean {
  if (me.seriousWounds.length >= badlyWounded) return false;
  if (!me.weapons.some((weapon) => weapon.ammo > 0)) return false;
  return view.intruders.some(
    (intruder) =>
      intruder.room === me.room && woundChance(tables, intruder.kind, 'shoot') >= fairOdds,
  );
}

function walk(
  tables: Tables,
  view: NemesisView,
  board: Board,
  me: PlayerView,
  allowed: (type: Plan['action']) => boolean,
): Plan {
  const cards = allowed('play-card');
  const care = allowed('use-item') ? tend(tables, view, me) : null;
  if (care) return care;
  const mend = cards ? mendingCard(tables, view, board, me) : null;
  if (mend) return mend;
  if (allowed('room-action') && roomActionWorthIt(tables, view, me))
    return { action: 'room-action' };
  const research = allowed('use-item') ? researchItem(tables, view, me) : null;
  if (research) return research;
  const delivered = allowed('drop') ? deliveryToDrop(tables, view, me) : null;
  if (delivered) return { action: 'drop', object: delivered };
  const drop = allowed('drop') ? dropUnneeded(tables, view, me) : null;
  if (drop) return drop;
  const craft = allowed('craft') ? craftedWeapon(tables, view, me) : null;
  if (craft) return craft;
  if (allowed('search') && searchWorthIt(view, me)) return { action: 'search' };
  const scavenge = cards ? scavenging(tables, view, me) : null;
  if (scavenge) return scavenge;
  const pickUp = allowed('pick-up')
    ? (pickUpForResearch(tables, view, board, me) ?? pickUpToDeliver(tables, view, me))
    : null;
  if (pickUp) return pickUp;
  const goals = goalsOf(tables, view, board, me);
  const burning = view.rooms[me.room - 1]?.fire === true;
  if ((!goals.has(me.room) || burning) && (allowed('move') || cards)) {
    const distance = board.costsTo(goals);
    const step =
      bestStep(tables, view, board, me, distance, false) ??
      // Ending the round in a burning room costs a wound: any room without fire is better.
      (burning ? bestStep(tables, view, board, me, distance, true, true) : null);
    const shortcut = cards ? technicalCorridor(tables, view, me, distance) : null;
    if (shortcut) return shortcut;
    if (step !== null) {
      const quiet = cards ? quietMoveCard(tables, view, me, step) : null;
      if (quiet) return quiet;
      if (allowed('careful-move') && carefulStepWorthIt(tables, view, me, step))
        return { action: 'careful-move', to: step };
      if (allowed('move')) return { action: 'move', to: step };
    }
  }
  const spare = cards ? spareCard(tables, view, me) : null;
  return spare ?? { action: 'pass', shedContamination: true };
}

/**
 * A repair card where it is worth one: the Malfunction of its way out (or
 * of any room once the ship nears its last marker), an engine it stands by
 * and has not seen working; Pyrotechnics to put out the fire of a room it
 * means to stay in.
 */
function mendingCard(tables: Tables, view: NemesisView, board: Board, me: PlayerView): Plan | null {
  const here = view.rooms[me.room - 1];
  if (!here) return null;
  // The way out is worth the whole hand; the rest only what leaves `cardsToKeep` cards.
  const play = (kind: Effect['kind'], anyHand = false): Plan | null => {
    const card = cardFor(tables, view, me, false, kind);
    if (!card || (!anyHand && view.you!.hand.length - 1 - card.cost < cardsToKeep)) return null;
    return { action: 'play-card', card: card.id, wants: [kind] };
  };
  if (here.malfunction && worthMending(tables, view, me)) {
    const mend = play('remove-malfunction', true);
    if (mend) return mend;
  }
  const engine = here.tile ? tables.roomTiles.get(here.tile)?.engine : null;
  if (engine && view.you!.engines[engine - 1] !== 'working') {
    const repair = play('repair-or-break-engine');
    if (repair) return repair;
  }
  if (here.fire && goalsOf(tables, view, board, me).has(me.room)) return play('remove-fire');
  return null;
}

/** Scavenging: a search even where the room's items ran out, worth its two cards when the hand keeps enough. */
function scavenging(tables: Tables, view: NemesisView, me: PlayerView): Plan | null {
  const here = view.rooms[me.room - 1];
  // A room without an item counter (the Hibernatorium, an Engine) holds nothing to find.
  if (!here?.explored || here.itemCounter === null) return null;
  if (me.items >= 4 || view.you!.hand.length - 2 < cardsToKeep) return null;
  const card = cardFor(tables, view, me, false, 'search');
  return card ? { action: 'play-card', card: card.id, wants: ['search'] } : null;
}

/**
 * Reconnaissance: a step with no Noise roll and no noise left behind, for
 * the same two cards as a Careful Movement.
 */
function quietMoveCard(tables: Tables, view: NemesisView, me: PlayerView, to: number): Plan | null {
  if (view.you!.hand.length - 2 < cardsToKeep) return null;
  const company = view.players.some(
    (other) => other.seat !== me.seat && other.status === 'active' && other.room === to,
  );
  if (company) return null;
  const card = cardsFor(tables, view, me, false, 'move').find(
    (facts) => facts.play!.kind === 'move' && facts.play!.quiet === true,
  );
  return card ? { action: 'play-card', card: card.id, wants: ['move'] } : null;
}

/** A card costing nothing but itself that refills one of its weapons short of ammo. */
function reloadCard(
  tables: Tables,
  view: NemesisView,
  me: PlayerView,
  fighting: boolean,
): Plan | null {
  const short = me.weapons.filter((weapon) => weapon.ammo < weapon.capacity);
  if (short.length === 0) return null;
  const card = cardsFor(tables, view, me, fighting, 'reload').find(
    (facts) =>
      facts.cost === 0 && short.some((weapon) => refillsWith(tables, facts.play!, weapon.id)),
  );
  return card ? { action: 'play-card', card: card.id, wants: ['reload'] } : null;
}

/** Moves a Technical Corridors card must save over a plain step to be worth its two cards. */
const shortcutGain = 5;

/**
 * Technical Corridors: from a room with a technical entrance to another,
 * then its turn ends. Worth its two cards when that room is at least three
 * moves nearer the goals than a plain step would bring it.
 */
function technicalCorridor(
  tables: Tables,
  view: NemesisView,
  me: PlayerView,
  distance: readonly number[],
): Plan | null {
  if (view.you!.hand.length - 2 < cardsToKeep) return null;
  const card = cardsFor(tables, view, me, false, 'move').find(
    (facts) => facts.play!.kind === 'only-if' && effectKinds(facts.play!).has('pass'),
  );
  if (!card) return null;
  const here = distance[me.room] ?? Number.POSITIVE_INFINITY;
  let nearest = Number.POSITIVE_INFINITY;
  for (let room = 1; room < distance.length; room++) {
    const technical = (tables.exits[room] ?? []).some((exit) => exit.corridor === 'technical');
    if (technical && room !== me.room) nearest = Math.min(nearest, distance[room]!);
  }
  return here - nearest >= shortcutGain + 1
    ? { action: 'play-card', card: card.id, wants: ['move'] }
    : null;
}

/**
 * With nothing better to do than pass, a card that costs nothing but
 * itself: Rest to scan its Contamination cards (the clean ones leave the
 * deck for good), Reload for a weapon short of ammo, Motivation to draw a
 * card for the one spent.
 */
function spareCard(tables: Tables, view: NemesisView, me: PlayerView): Plan | null {
  const play = (kind: Effect['kind']): Plan | null => {
    const card = cardsFor(tables, view, me, false, kind).find((facts) => facts.cost === 0);
    return card ? { action: 'play-card', card: card.id, wants: [kind] } : null;
  };
  const hand = view.you!.hand;
  if (hand.some((card) => isContamination(tables, card))) {
    const rest = play('scan-contamination');
    if (rest) return rest;
  }
  if (hand.length - 1 >= cardsToKeep) {
    const refill = reloadCard(tables, view, me, false);
    if (refill) return refill;
  }
  // No way out known yet: a look at an unexplored room may show an Evac Section.
  const unknown = view.rooms.some(
    (room) => !room.explored && !view.you!.peeked.some((peek) => peek.room === room.number),
  );
  if (
    unknown &&
    hand.length - 1 >= cardsToKeep &&
    openEvacSections(tables, view, true).size === 0
  ) {
    const look = play('peek-rooms');
    if (look) return look;
  }
  return play('draw-action-cards');
}

/**
 * An item to use on itself out of Combat: something to dress or heal a
 * wound, to put out the fire or mend the malfunction of its room (when the
 * ship is near its last Malfunction marker), to refill an empty weapon.
 */
function tend(tables: Tables, view: NemesisView, me: PlayerView): Plan | null {
  const items = view.you!.items;
  const hand = view.you!.hand.filter((card) => !isContamination(tables, card)).length;
  if (hand === 0) return null;
  const undressed = me.seriousWounds.some((wound) => !wound.dressed);
  const dressed = me.seriousWounds.some((wound) => wound.dressed);
  const wants: Effect['kind'][] = [];
  if (undressed) wants.push('dress-serious-wounds');
  if (dressed) wants.push('heal-dressed-serious-wounds');
  if (me.lightWounds > 0) wants.push('heal-light-wounds');
  const here = view.rooms[me.room - 1];
  if (here?.fire) wants.push('remove-fire');
  if (here?.malfunction && worthMending(tables, view, me)) wants.push('remove-malfunction');
  for (const want of wants) {
    const item = items.find((candidate) => itemDoes(tables, candidate, [want]));
    if (item) return { action: 'use-item', item, wants: [want] };
  }
  // Chemicals refill the Flamethrower alone, and only out of Combat: it tops it up while it can.
  const topUp = items.find((item) =>
    me.weapons.some(
      (weapon) => weapon.ammo < weapon.capacity && refillsOnly(tables, item, weapon.id),
    ),
  );
  if (topUp) return { action: 'use-item', item: topUp, wants: ['reload'] };
  // Unarmed, it refills an empty weapon that the item fits.
  if (me.weapons.some((weapon) => weapon.ammo > 0)) return null;
  const refill = items.find((item) =>
    me.weapons.some((weapon) => refills(tables, item, weapon.id)),
  );
  return refill ? { action: 'use-item', item: refill, wants: ['reload'] } : null;
}

/** The reloads an effect makes, through its choices and sequences. */
function reloadsIn(effect: Effect): Extract<Effect, { kind: 'reload' }>[] {
  if (effect.kind === 'reload') return [effect];
  if (effect.kind === 'choice') return effect.options.flatMap(reloadsIn);
  if (effect.kind === 'sequence') return effect.steps.flatMap(reloadsIn);
  if (effect.kind === 'only-if' || effect.kind === 'optional') return reloadsIn(effect.effect);
  return [];
}

/** Whether an item (or a room's action) can refill this weapon: its kind, and its one weapon if it names one. */
function refillsWith(tables: Tables, effect: Effect, weapon: string): boolean {
  const facts = tables.weapons.get(weapon);
  return reloadsIn(effect).some(
    (reload) =>
      reload.weapon === facts?.type && (reload.only === undefined || reload.only === weapon),
  );
}

function refills(tables: Tables, item: string, weapon: string): boolean {
  return itemActions(tables, item).some(({ effect }) => refillsWith(tables, effect, weapon));
}

/** Whether the item refills this one weapon and no other (Chemicals, the Flamethrower). */
function refillsOnly(tables: Tables, item: string, weapon: string): boolean {
  return itemActions(tables, item).some(
    ({ effect }) =>
      refillsWith(tables, effect, weapon) &&
      reloadsIn(effect).every((reload) => reload.only === weapon),
  );
}

/** Burning rooms from which the bot puts the fires out from the Fire Control System. */
const burningTooMany = 4;

/**
 * Whether the bot holds an item (of `items`, its inventory unless told),
 * or an Action card it can pay for, that removes a Malfunction.
 */
function canMend(tables: Tables, view: NemesisView, items = view.you!.items): boolean {
  if (items.some((item) => itemDoes(tables, item, ['remove-malfunction']))) return true;
  if (viewsWithoutCards.has(view)) return false;
  const paying = payingCards(tables, view);
  return view.you!.hand.some((card) => {
    const facts = tables.actionCards.get(card);
    return (
      facts?.play != null &&
      !facts.interrupt &&
      facts.combat !== 'in-combat' &&
      facts.cost + 1 <= paying &&
      effectKinds(facts.play).has('remove-malfunction')
    );
  });
}

/** Whether a Malfunction shuts a way out (an Evac Section, the Hibernatorium) until someone mends it. */
function brokenWayOut(tables: Tables, view: NemesisView): boolean {
  return view.rooms.some((room) => room.malfunction && wayOut(tables, view, room.number));
}

/** Whether the bot needs this room's action to leave the ship: an Evac Section, the Hibernatorium. */
function wayOut(tables: Tables, view: NemesisView, room: number): boolean {
  const tile = view.rooms[room - 1]?.tile;
  const facts = tile ? tables.roomTiles.get(tile) : undefined;
  if (!facts?.action) return false;
  const kinds = effectKinds(facts.action);
  return kinds.has('enter-escape-pod') || kinds.has('hibernate');
}

/**
 * Whether the Malfunction of the bot's room is worth mending: near the
 * ship's last marker, in its way out, or in a Laboratory where an object
 * lies at hand whose Weakness its Objectives need.
 */
function worthMending(tables: Tables, view: NemesisView, me: PlayerView): boolean {
  if (malfunctions(view) >= nearlyBroken || wayOut(tables, view, me.room)) return true;
  if (roomsWhere(tables, view, 'send-signal', true).has(me.room))
    return signalWanted(tables, view, me.seat);
  if (!researches(tables, view, me.room)) return false;
  const sought = weaknessesSought(tables, view);
  return researchableHere(tables, view, me).some((object) => sought.has(object));
}

/** Whether this explored room's action researches a Weakness (the Laboratory). */
function researches(tables: Tables, view: NemesisView, room: number): boolean {
  const tile = view.rooms[room - 1]?.tile;
  const action = tile ? tables.roomTiles.get(tile)?.action : null;
  return action != null && effectKinds(action).has('research-weakness');
}

/** Malfunction markers on the board; a ninth destroys the ship. */
function malfunctions(view: NemesisView): number {
  return view.rooms.filter((room) => room.malfunction).length;
}

/** From this many Malfunction markers on, each one more brings the ship's end near. */
const nearlyBroken = 5;
/** From this many Malfunction (or Fire) markers on, the bot explores no more: each room may add one. */
const stopExploring = 6;

function isContamination(tables: Tables, card: string): boolean {
  return card === hiddenContamination || tables.contamination.has(card);
}

/**
 * The Room Actions worth two cards besides boarding and hibernating:
 * treating wounds in the Emergency Room, unlocking a pod from the Hatch
 * Control System while every pod is locked, and in the Cockpit reading the
 * Coordinates, then steering for Earth while nobody hibernates yet.
 */
function roomActionWorthIt(tables: Tables, view: NemesisView, me: PlayerView): boolean {
  const tile = view.rooms[me.room - 1]?.tile;
  const action = tile ? tables.roomTiles.get(tile)?.action : null;
  if (!action) return false;
  const kinds = effectKinds(action);
  if (kinds.has('research-weakness'))
    return researchWorthIt(tables, view, me, tables.roomActionCost);
  const wounded = me.seriousWounds.length > 0 || me.lightWounds > 0;
  if (wounded && healingKinds.some((kind) => kinds.has(kind))) return true;
  // The Fire Control System: a spreading fire would end the ship at its ninth marker.
  if (kinds.has('remove-fire') && kinds.has('choose-room'))
    return view.rooms.filter((room) => room.fire).length >= burningTooMany;
  // The Armory: two cards for two shots, when a weapon it fits has room for them.
  if (
    kinds.has('reload') &&
    me.weapons.some(
      (weapon) => weapon.ammo + 2 <= weapon.capacity && refillsWith(tables, action, weapon.id),
    )
  )
    return true;
  if (kinds.has('lock-or-unlock-pod')) return view.pods.some((pod) => pod.locked && !pod.launched);
  if (kinds.has('send-signal')) return signalWanted(tables, view, me.seat);
  if (kinds.has('take-egg')) return eggWanted(tables, view) && freeHandSlots(tables, me) > 0;
  if (kinds.has('check-coordinates')) {
    // With the self-destruct running the ship arrives nowhere: only the pods matter now.
    if (view.selfDestruct !== null) return false;
    const card = view.you!.coordinates;
    if (card === null) return true;
    const earth = tables.coordinates.get(card)?.earth;
    return (
      earth !== undefined &&
      view.destination !== earth &&
      !view.players.some((player) => player.status === 'hibernating')
    );
  }
  return false;
}

/**
 * Research (the Laboratory, Laboratory Equipment), out of Combat: worth any
 * cards for a Weakness its Objectives need; any other Weakness helps every
 * character (an Intruder may need one Injury less), worth what leaves
 * `cardsToKeep` cards in hand.
 */
function researchWorthIt(tables: Tables, view: NemesisView, me: PlayerView, cost: number): boolean {
  const here = researchableHere(tables, view, me);
  if (here.length === 0) return false;
  const sought = weaknessesSought(tables, view);
  return here.some((object) => sought.has(object)) || view.you!.hand.length - cost >= cardsToKeep;
}

/** Laboratory Equipment (the Scientist's quest item): research where the object is, for its cost. */
function researchItem(tables: Tables, view: NemesisView, me: PlayerView): Plan | null {
  for (const item of view.you!.items) {
    const use = tables.items
      .get(item)
      ?.uses.find(
        (candidate) =>
          candidate.kind === 'action' && effectKinds(candidate.effect).has('research-weakness'),
      );
    if (use?.kind === 'action' && researchWorthIt(tables, view, me, use.cost))
      return { action: 'use-item', item, wants: ['research-weakness'] };
  }
  return null;
}

/**
 * The objects whose Weakness the bot goes out of its way for: those its
 * Objectives need, while it is not badly wounded and the chambers are not
 * about to open (an open pod calls it before this is asked).
 */
function weaknessesPursued(
  tables: Tables,
  view: NemesisView,
  board: Board,
  me: PlayerView,
): Set<HeavyObject> {
  if (me.seriousWounds.length >= badlyWounded || view.hibernationOpen) return new Set();
  if (view.time + roundsHome(board, me.room) + 1 >= tables.time.hibernationOpensAfter)
    return new Set();
  return weaknessesSought(tables, view);
}

/**
 * A pursued object lying here, of a kind it does not carry yet, picked up
 * for the Laboratory: with a free hand slot and a card to spare.
 */
function pickUpForResearch(
  tables: Tables,
  view: NemesisView,
  board: Board,
  me: PlayerView,
): Plan | null {
  if (freeHandSlots(tables, me) < 1 || view.you!.hand.length - 1 < cardsToKeep) return null;
  const pursued = weaknessesPursued(tables, view, board, me);
  const object = view.rooms[me.room - 1]?.objects.find(
    (candidate) => pursued.has(researchedAs(candidate)) && !me.carried.includes(candidate),
  );
  return object ? { action: 'pick-up', object } : null;
}

/**
 * An object a team errand wants lying here, picked up to carry it to its
 * place: with a free hand slot and a card to spare, not badly wounded.
 */
function pickUpToDeliver(tables: Tables, view: NemesisView, me: PlayerView): Plan | null {
  if (freeHandSlots(tables, me) < 1 || view.you!.hand.length - 1 < cardsToKeep) return null;
  if (me.seriousWounds.length >= badlyWounded) return null;
  const object = deliveryToPickUp(tables, view, me);
  return object ? { action: 'pick-up', object } : null;
}

/**
 * Where the team's errands call, while the bot is not badly wounded and the
 * chambers are not about to open: the Comms Room when this seat is to send
 * a Signal, else a delivery's object or its place.
 */
function teamErrand(
  tables: Tables,
  view: NemesisView,
  board: Board,
  me: PlayerView,
): Set<number> | null {
  if (view.mode === 'standard' || me.seriousWounds.length >= badlyWounded) return null;
  if (view.time + roundsHome(board, me.room) + 1 >= tables.time.hibernationOpensAfter) return null;
  const reaches = reachesFrom(board, me);
  const comms = signalGoal(tables, view, me, reaches);
  if (comms) return comms;
  if (eggWanted(tables, view) && freeHandSlots(tables, me) > 0) {
    const nests = roomsWhere(tables, view, 'take-egg');
    if (view.nestEggs > 0 && reaches(nests)) return nests;
  }
  return deliveryGoal(tables, view, me, reaches);
}

/** Whether some of these rooms can be walked to from the bot's room. */
function reachesFrom(board: Board, me: PlayerView): (rooms: ReadonlySet<number>) => boolean {
  return (rooms) => rooms.size > 0 && Number.isFinite(board.steps(me.room, rooms));
}

/** The Comms Room, when this seat is to send a Signal and can walk there. */
function signalGoal(
  tables: Tables,
  view: NemesisView,
  me: PlayerView,
  reaches: (rooms: ReadonlySet<number>) => boolean,
): Set<number> | null {
  if (!signalWanted(tables, view, me.seat)) return null;
  // A Comms Room with a Malfunction is still worth the walk to a bot that can mend it.
  const comms = roomsWhere(tables, view, 'send-signal', canMend(tables, view));
  return reaches(comms) ? comms : null;
}

/** From this many Malfunction (or Fire) markers on, nobody explores for No Man Left Behind either. */
const stopExploringForTheTeam = 5;

/** Once a way out calls, the most unexplored rooms per explorer the team still goes for. */
const roomsEachLate = 2;

/**
 * Whether the usual plan would make for a way out now: an open pod within
 * reach, the chambers open or about to open.
 */
function wayOutCalls(tables: Tables, view: NemesisView, board: Board, me: PlayerView): boolean {
  if (view.hibernationOpen || reachesFrom(board, me)(openEvacSections(tables, view))) return true;
  return chambersCall(tables, view, board, me.room);
}

/** Whether the chambers open before a character in this room could walk home with rounds to spare. */
function chambersCall(tables: Tables, view: NemesisView, board: Board, room: number): boolean {
  return (
    view.time + roundsHome(board, room) + roundsToSpare(view) >= tables.time.hibernationOpensAfter
  );
}

/** Rounds the walk from a room to the Hibernatorium takes, at two moves a round. */
function roundsHome(board: Board, room: number): number {
  return Math.ceil(board.steps(room, new Set([hibernatorium])) / 2);
}

function roundsToSpare(view: NemesisView): number {
  return (styleOf.get(view) ?? sensibleStyle).roundsToSpare;
}

/** The most markers of one kind, Malfunction or Fire, out on the board: a ninth ends the ship. */
function mostMarkers(view: NemesisView): number {
  return Math.max(malfunctions(view), view.rooms.filter((room) => room.fire).length);
}

/**
 * Whether a teammate is fit to explore for No Man Left Behind: active, not
 * badly wounded, and far enough from the jump to walk to the Hibernatorium
 * afterwards (two moves a round) with `roundsToSpare` to spare. Read from
 * the public view, so every teammate judges every other alike.
 */
function fitToExplore(
  tables: Tables,
  view: NemesisView,
  board: Board,
  player: PlayerView,
): boolean {
  if (player.status !== 'active' || player.seriousWounds.length >= badlyWounded) return false;
  return view.time + roundsHome(board, player.room) + roundsToSpare(view) < tables.time.jumpAfter;
}

/**
 * No Man Left Behind asks the team for a Signal and every room explored,
 * which the usual plan (explore early, then make for the way out before
 * the chambers open) never finishes. While the card is pursued, the ship
 * is not near its end and the bot is fit to explore, it goes on past the
 * usual stopping points: to the Comms Room when this seat is to send a
 * Signal, else to its share of the unexplored rooms (`roomsToExplore`).
 * Null otherwise: the way out calls as usual. The highest seat alive, and
 * teammates with no share, keep to the usual plan, so someone is likelier
 * alive to meet the card.
 */
function teamExploring(
  tables: Tables,
  view: NemesisView,
  board: Board,
  me: PlayerView,
): Set<number> | null {
  if (!everyRoomPursued(tables, view) || view.selfDestruct !== null) return null;
  if (mostMarkers(view) >= stopExploringForTheTeam) return null;
  // The highest seat alive keeps to the usual plan, so the team's way out is not all spent exploring.
  const active = view.players.filter((player) => player.status === 'active');
  const keeper = active.length > 1 ? active.at(-1)!.seat : null;
  const fit = (player: PlayerView) =>
    player.seat !== keeper && fitToExplore(tables, view, board, player);
  if (!fit(me)) return null;
  const reaches = reachesFrom(board, me);
  const comms = signalGoal(tables, view, me, reaches);
  if (comms) return comms;
  if (!explorationWanted(tables, view)) return null;
  const explorers = view.players.filter(fit);
  // Once a way out calls, only while the rooms left look few enough to finish.
  const unexplored = view.rooms.filter((room) => !room.explored).length;
  if (wayOutCalls(tables, view, board, me) && unexplored > explorers.length * roomsEachLate)
    return null;
  const share = roomsToExplore(view, me.seat, explorers, (from, rooms) => board.steps(from, rooms));
  return reaches(share) ? share : null;
}

/**
 * Craft a weapon (the Flamethrower: every face but the blank wounds) out of
 * Combat, from two items of its inventory: with a hand free for it when it
 * is Heavy and `cardsToKeep` cards left after paying, unless it holds one
 * loaded already. Not while the items given up are its only way to mend a
 * broken way out, or any Malfunction once the ship nears its last marker.
 */
function craftedWeapon(tables: Tables, view: NemesisView, me: PlayerView): Plan | null {
  if (view.you!.hand.length - 1 < cardsToKeep) return null;
  for (const item of new Set(view.craftedItems)) {
    const facts = tables.items.get(item);
    if (!facts?.weapon || !facts.recipe) continue;
    if (facts.heavy && freeHandSlots(tables, me) < 1) continue;
    // One loaded copy is enough: a second would take a hand for shots it does not need yet.
    if (me.weapons.some((weapon) => weapon.id === item && weapon.ammo > 0)) continue;
    const components = componentsFor(tables, view, item, facts.recipe);
    if (!components) continue;
    const left = without(view.you!.items, components);
    if (mendingNeeded(tables, view) && canMend(tables, view) && !canMend(tables, view, left))
      continue;
    return { action: 'craft', item, components };
  }
  return null;
}

/**
 * The items of the inventory that give the recipe's icons, one for each,
 * or null when some icon has none. Of those showing an icon it gives up the
 * one it would least rather keep: Alcohol before the Chemicals that refill
 * the weapon it crafts, anything before an item that mends.
 */
function componentsFor(
  tables: Tables,
  view: NemesisView,
  crafted: string,
  recipe: readonly CraftIcon[],
): string[] | null {
  const worthKeeping = (item: string) =>
    (refills(tables, item, crafted) ? 2 : 0) +
    (itemDoes(tables, item, ['remove-malfunction']) ? 1 : 0);
  const components: string[] = [];
  for (const icon of recipe) {
    const candidates = without(view.you!.items, components).filter((item) =>
      tables.items.get(item)?.icons.includes(icon),
    );
    if (candidates.length === 0) return null;
    candidates.sort((one, other) => worthKeeping(one) - worthKeeping(other));
    components.push(candidates[0]!);
  }
  return components;
}

/** The items left once these are given up, one copy each. */
function without(items: readonly string[], given: readonly string[]): string[] {
  const left = [...items];
  for (const item of given) {
    const index = left.indexOf(item);
    if (index >= 0) left.splice(index, 1);
  }
  return left;
}

/** Whether a Malfunction must be mended: one shuts a way out, or the ship nears its last marker. */
function mendingNeeded(tables: Tables, view: NemesisView): boolean {
  return brokenWayOut(tables, view) || malfunctions(view) >= nearlyBroken;
}

/** The item a Craft asks for next: the crafted item, then each component in the recipe's order. */
function craftAnswer(plan: Extract<Plan, { action: 'craft' }>, chosen: Chosen): string {
  if (chosen.item === undefined) return plan.item;
  return plan.components[chosen.components?.length ?? 0] ?? plan.item;
}

/** An object carried that no Objective needs any more: dropping it is free and frees a hand. */
function dropUnneeded(tables: Tables, view: NemesisView, me: PlayerView): Plan | null {
  const needed = objectsNeeded(tables, view);
  const object = me.carried.find(
    (candidate) => !needed.has(candidate) && !needed.has(researchedAs(candidate)),
  );
  return object ? { action: 'drop', object } : null;
}

/**
 * Where research calls the bot while it pursues a Weakness: a Laboratory
 * (working, or within its power to mend) when it carries a pursued object
 * or one lies there; else, with a Laboratory within reach and a hand free,
 * the rooms where a pursued object lies, to fetch it. Null when nothing is
 * within reach.
 */
function researchGoal(
  tables: Tables,
  view: NemesisView,
  board: Board,
  me: PlayerView,
): Set<number> | null {
  const pursued = weaknessesPursued(tables, view, board, me);
  if (pursued.size === 0) return null;
  const within = (rooms: number[]) =>
    rooms.length > 0 && Number.isFinite(board.steps(me.room, new Set(rooms)))
      ? new Set(rooms)
      : null;
  const mending = canMend(tables, view);
  const laboratories = view.rooms
    .filter((room) => researches(tables, view, room.number) && (mending || !room.malfunction))
    .map((room) => room.number);
  const holdsPursued = (room: number) =>
    view.rooms[room - 1]!.objects.some((object) => pursued.has(researchedAs(object)));
  if (me.carried.some((object) => pursued.has(researchedAs(object)))) return within(laboratories);
  const studied = within(laboratories.filter(holdsPursued));
  if (studied || !within(laboratories) || freeHandSlots(tables, me) < 1) return studied;
  return within(view.rooms.map((room) => room.number).filter(holdsPursued));
}

/** The explored rooms, free of Malfunction (unless asked), whose Room Action can do this kind of effect. */
function roomsWhere(
  tables: Tables,
  view: NemesisView,
  kind: Effect['kind'],
  evenMalfunctioning = false,
): Set<number> {
  const rooms = new Set<number>();
  for (const room of view.rooms) {
    const working = evenMalfunctioning || !room.malfunction;
    const action = room.tile && working ? tables.roomTiles.get(room.tile)?.action : null;
    if (action && effectKinds(action).has(kind)) rooms.add(room.number);
  }
  return rooms;
}

/** A Search is worth its card where the room still holds items and the hand keeps enough. */
function searchWorthIt(view: NemesisView, me: PlayerView): boolean {
  const counter = view.rooms[me.room - 1]?.itemCounter ?? 0;
  return counter > 0 && view.you!.hand.length - 1 >= cardsToKeep && me.items < 4;
}

/**
 * Where the bot wants to be: the nearest unexplored rooms early on; the
 * Hibernatorium once the chambers are about to open (counting the rounds
 * the walk takes at two moves a round) or when nothing is left to explore.
 */
function goalsOf(tables: Tables, view: NemesisView, board: Board, me: PlayerView): Set<number> {
  // Exploring for the team goes on past the way out's call; the usual detours still come first.
  const exploring = teamExploring(tables, view, board, me);
  if (exploring)
    return (
      researchGoal(tables, view, board, me) ?? teamErrand(tables, view, board, me) ?? exploring
    );
  // An open pod is the surest way off: no Coordinates to trust, no Time to wait for.
  const pods = openEvacSections(tables, view);
  if (pods.size > 0 && Number.isFinite(board.steps(me.room, pods))) return pods;
  const home = new Set([hibernatorium]);
  if (view.hibernationOpen) return home;
  // With the self-destruct running, the pods unlock soon: the bot waits by one.
  const lockedPods = openEvacSections(tables, view, true);
  const reachablePods = lockedPods.size > 0 && Number.isFinite(board.steps(me.room, lockedPods));
  if (view.selfDestruct !== null && reachablePods) return lockedPods;
  // An Objective's Weakness is worth a detour while no way out calls yet.
  const research = researchGoal(tables, view, board, me);
  if (research) return research;
  // So are the team's errands: a Signal to send, a Corpse to carry.
  const errand = teamErrand(tables, view, board, me);
  if (errand) return errand;
  // A known pod still locked: unlock it from the Hatch Control System if that is known, else
  // wait by it (the first death unlocks them all) rather than explore, which may break the ship.
  if (reachablePods && view.pods.some((pod) => pod.locked && !pod.launched)) {
    const hatches = roomsWhere(tables, view, 'lock-or-unlock-pod');
    if (hatches.size > 0 && Number.isFinite(board.steps(me.room, hatches))) return hatches;
  }
  if (reachablePods) return lockedPods;
  if (chambersCall(tables, view, board, me.room)) return home;
  // Each room explored may add a Malfunction or a Fire marker: near the ninth, the bot stops exploring.
  if (mostMarkers(view) >= stopExploring) return home;
  const unexplored = new Set(
    view.rooms.filter((room) => !room.explored).map((room) => room.number),
  );
  return unexplored.size > 0 && Number.isFinite(board.steps(me.room, unexplored))
    ? unexplored
    : home;
}

/**
 * The best plain move (an Escape in Combat): toward the goals (`distance`
 * is each room's cost to reach them), avoiding burning rooms and Intruders.
 * Out of Combat it must bring the bot nearer and leave `cardsToKeep` cards
 * in hand; an Escape must only lead somewhere.
 */
function bestStep(
  tables: Tables,
  view: NemesisView,
  board: Board,
  me: PlayerView,
  distance: readonly number[],
  escaping: boolean,
  outOfFire = false,
): number | null {
  const handAfter = view.you!.hand.length - 1;
  if (!escaping && handAfter < cardsToKeep) return null;
  let best: number | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const to of reachable(tables, view, me.room)) {
    if (outOfFire && (view.rooms[to - 1]?.fire || board.intrudersIn(to).length > 0)) continue;
    const far = distance[to] ?? Number.POSITIVE_INFINITY;
    const score = board.entryCost(to) + (outOfFire ? Math.min(far, 1000) : far);
    if (score < bestScore) {
      best = to;
      bestScore = score;
    }
  }
  if (best === null) return null;
  // Along the cheapest path every step is progress; out of Combat it must not walk into danger,
  // save a burning goal it can use at once (a pod, a chamber) and so not end the round in.
  const usableAtOnce =
    distance[best] === 0 &&
    board.intrudersIn(best).length === 0 &&
    handAfter >= tables.roomActionCost &&
    (openEvacSections(tables, view).has(best) || (best === hibernatorium && view.hibernationOpen));
  return escaping || board.entryCost(best) < dangerCost || usableAtOnce ? best : null;
}

/**
 * Whether to make the step with Careful Movement: when the hand can pay two
 * cards and still keep `cardsToKeep` (no Noise roll, so no Encounter), and
 * some corridor of the room can take the noise. Not worth it into a room
 * where another character stands (nobody rolls for noise there).
 */
function carefulStepWorthIt(
  tables: Tables,
  view: NemesisView,
  me: PlayerView,
  to: number,
): boolean {
  if (view.you!.hand.length - 2 < cardsToKeep) return false;
  const company = view.players.some(
    (other) => other.seat !== me.seat && other.status === 'active' && other.room === to,
  );
  if (company) return false;
  const quiet = view.corridors.some((corridor) => corridor.ends.includes(to) && !corridor.noise);
  const technical =
    !view.technicalCorridorNoise &&
    (tables.exits[to] ?? []).some((exit) => exit.corridor === 'technical');
  return quiet || technical;
}

/**
 * The Noise marker of a Careful Movement goes in the corridor leading
 * farthest from the goals, away from the bot's own way; the Technical
 * Corridors come last, since their marker counts in every room with a
 * technical entrance.
 */
function quietestCorridor(
  tables: Tables,
  view: NemesisView,
  board: Board,
  me: PlayerView,
  legal: NemesisAction[],
): Choice {
  const to = view.you!.choosing?.chosen.room;
  if (to === undefined) return null;
  const distance = board.costsTo(goalsOf(tables, view, board, me));
  let best: Choice = null;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const action of legal) {
    if (action.type !== 'corridor') continue;
    const leadsTo = action.corridor === 'technical' ? null : board.otherEnd(action.corridor, to);
    const score = leadsTo === null ? -1 : Math.min(distance[leadsTo] ?? 0, 1000);
    if (score > bestScore) {
      best = action;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Discarding on a pass. Keeping cards guards against Surprise Attacks, so
 * the bot discards nothing, except (`shed`, out of Combat) its
 * Contamination cards when at least three other cards stay in hand: they
 * never pay for anything, and in the discard pile they make room for Action
 * cards at the next draw. It discards them all or none, so which of them
 * are INFECTED never matters to it.
 */
function discardChoice(
  tables: Tables,
  view: NemesisView,
  legal: NemesisAction[],
  shed: boolean,
): Choice {
  const keep = legal.find((action) => action.type === 'done') ?? null;
  if (!shed) return keep;
  const isContamination = (card: string) =>
    card === hiddenContamination || tables.contamination.has(card);
  const hand = view.you!.hand;
  const others = hand.filter((card) => !isContamination(card)).length;
  const discarded = view.you!.choosing?.chosen.cards ?? [];
  // Only Contamination is ever discarded, so the cards left in hand besides it are all still there.
  if (others < 3 && discarded.length === 0) return keep;
  return (
    legal.find((action) => action.type === 'card' && tables.contamination.has(action.card)) ?? keep
  );
}

/** Costs of entering rooms the bot would rather not enter. */
const intruderCost = 20;
const fireCost = 8;
/** Entering a room costing this much is never worth it out of Combat. */
const dangerCost = fireCost;

/** The board as the view shows it: open corridors, Intruders and Fire. */
class Board {
  readonly #view: NemesisView;
  readonly #neighbours = new Map<number, { room: number; corridor: number }[]>();
  readonly #intruders = new Map<number, IntruderState[]>();

  constructor(view: NemesisView) {
    this.#view = view;
    for (const corridor of view.corridors) {
      if (corridor.door === 'closed') continue;
      const [first, second] = corridor.ends;
      this.#link(first, second, corridor.index);
      this.#link(second, first, corridor.index);
    }
    for (const intruder of view.intruders) {
      const list = this.#intruders.get(intruder.room);
      if (list) list.push(intruder);
      else this.#intruders.set(intruder.room, [intruder]);
    }
  }

  #link(from: number, to: number, corridor: number): void {
    const list = this.#neighbours.get(from);
    if (list) list.push({ room: to, corridor });
    else this.#neighbours.set(from, [{ room: to, corridor }]);
  }

  intrudersIn(room: number): IntruderState[] {
    return this.#intruders.get(room) ?? [];
  }

  otherEnd(corridor: number, from: number): number | null {
    const ends = this.#view.corridors[corridor]?.ends;
    if (!ends) return null;
    return ends[0] === from ? ends[1] : ends[0];
  }

  /** What entering a room costs the bot: a step, plus its dangers. */
  entryCost(room: number): number {
    let cost = 1;
    if (this.intrudersIn(room).length > 0) cost += intruderCost;
    if (this.#view.rooms[room - 1]?.fire) cost += fireCost;
    return cost;
  }

  /** Cheapest cost from every room to the nearest goal (Dijkstra over entry costs; 21 rooms). */
  costsTo(goals: ReadonlySet<number>): number[] {
    const size = this.#view.rooms.length + 1;
    const cost = new Array<number>(size).fill(Number.POSITIVE_INFINITY);
    const done = new Array<boolean>(size).fill(false);
    for (const goal of goals) cost[goal] = 0;
    for (;;) {
      let room = -1;
      for (let candidate = 1; candidate < size; candidate++) {
        if (
          !done[candidate] &&
          cost[candidate]! < (room < 0 ? Number.POSITIVE_INFINITY : cost[room]!)
        )
          room = candidate;
      }
      if (room < 0) return cost;
      done[room] = true;
      // Walking from a neighbour into `room` costs entering `room`.
      for (const { room: neighbour } of this.#neighbours.get(room) ?? []) {
        const through = cost[room]! + this.entryCost(room);
        if (through < cost[neighbour]!) cost[neighbour] = through;
      }
    }
  }

  /** The fewest moves from a room to the nearest goal, ignoring dangers. */
  steps(from: number, goals: ReadonlySet<number>): number {
    if (goals.has(from)) return 0;
    const seen = new Set([from]);
    let frontier = [from];
    for (let depth = 1; frontier.length > 0; depth++) {
      const next: number[] = [];
      for (const room of frontier) {
        for (const { room: neighbour } of this.#neighbours.get(room) ?? []) {
          if (seen.has(neighbour)) continue;
          if (goals.has(neighbour)) return depth;
          seen.add(neighbour);
          next.push(neighbour);
        }
      }
      frontier = next;
    }
    return Number.POSITIVE_INFINITY;
  }
}
