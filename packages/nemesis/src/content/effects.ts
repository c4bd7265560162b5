// The effect vocabulary: what items, room actions, quests and objectives do,
// as data. Four closed families, each a zod discriminated union on `kind`:
//   Effect     something that happens once (an item used, a room action taken)
//   Modifier   a rule that holds while its source is in play (a wound, a weapon)
//   Condition  something true or false of the game (objectives, guards)
//   QuestTask  what completes a quest item's quest
// plus the `Use` wrapper saying when an effect is taken (an action; a reaction
// offered, or an effect triggered, at a named trigger point; a lasting modifier). Every kind gets one handler
// in the rules; `unhandledKinds` names the kinds a pack uses that lack one.
// Action cards, Event cards, Weaknesses and Attack cards join these same
// families: a new card is data here unless it needs a kind no card had.
import { z } from 'zod';

const Count = z.int().min(0);
const Positive = z.int().min(1);
const Id = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'expected a kebab-case id' });

/** "All of them" where a card says every: every wound, every light wound, the whole hand. */
const CountOrAll = z.union([Positive, z.literal('all')], { error: 'expected a number or "all"' });

export const CombatDieFace = z.enum(['blank', 'creeper', 'adult', 'single', 'double']);
export const ColouredRoom = z.enum(['red', 'yellow', 'green', 'white']);

/** The Intruder kinds the rules know; a pack describes each in intruders.json. */
export const IntruderKind = z.enum(['larva', 'creeper', 'adult', 'breeder', 'queen']);
export type IntruderKind = z.output<typeof IntruderKind>;

/**
 * The heavy objects on the board: a character carries them in a hand slot,
 * or they lie in a room. The blue Corpse is the crewman found dead in the
 * Hibernatorium at the start: a Character Corpse like any, which some
 * Objectives name on its own; a card's "Corpse" means either.
 */
export const HeavyObject = z.enum(['corpse', 'blue-corpse', 'carcass', 'egg']);
export type HeavyObject = z.output<typeof HeavyObject>;

/** Where the four destinations of a Coordinates card can lead the ship. */
export const Destination = z.enum(['earth', 'mars', 'venus', 'deep-space']);
export type Destination = z.output<typeof Destination>;

/** Who an effect reaches among the characters. */
const Characters = z.enum(['self', 'everyone-in-room', 'others-in-room', 'chosen-in-room']);

/** Which room an effect acts on: your own, or the one picked by the enclosing `choose-room`. */
const RoomRef = z.enum(['own', 'chosen']);

/**
 * Rules too particular to share a pattern. Each name is one rule function;
 * the list is closed so a pack cannot name a function the rules lack.
 */
export const BespokeRule = z.enum([
  // every Intruder of the neighbouring rooms walks to the room you pick; those in Combat strike first
  'decoy',
  // Airlock Control: seal another yellow room; whoever is in it when the Player Phase ends dies
  'emergency-airlock',
  // Orbital Maneuvering System: everyone passes and this Event Phase skips the Intruder attacks
  'orbital-maneuver',
  // Duct Tape: two Heavy items share one hand slot
  'tape-heavy-items',
  // Intercom: Order and Motivation also reach characters in any Computer room
  'intercom',
  // Holo Computer: Intranet and Risk Assessment from any room, Computer or not
  'holo-computer',
  // Autoloader: the Assault Rifle holds one more round, and an Energy Charge reloads it for no card
  'autoloader',
  // Prototype Rifle: on a rolled double, one more ammo buys one more Injury
  'overcharge-on-double',
  // Ingenuity: Craft, with any Yellow item standing in for the Tool icon
  'craft-with-yellow-as-tool',
]);
export type BespokeRule = z.output<typeof BespokeRule>;

// ---------------------------------------------------------------- conditions

/**
 * Conditions name facts, never cards: an objective or a guard reads the end of
 * the game or the board through these, so a new objective is usually data.
 */
export const Condition = z.discriminatedUnion('kind', [
  // Objectives print "A and B"; composing keeps each fact a single kind.
  z.strictObject({
    kind: z.literal('all'),
    get of() {
      return z.array(Condition).min(2);
    },
  }),
  // Objectives print "A, or B": any branch suffices.
  z.strictObject({
    kind: z.literal('any'),
    get of() {
      return z.array(Condition).min(2);
    },
  }),
  // The Coordinates card against the Destination marker decides where the ship went.
  z.strictObject({ kind: z.literal('ship-reaches'), destination: Destination }),
  // Several objectives fall back to being the one character who lived.
  z.strictObject({ kind: z.literal('only-survivor') }),
  // Survivors besides you: other characters' fates, counted.
  z.strictObject({ kind: z.literal('other-survivors'), atLeast: Positive }),
  // Another player's fate by their Help card number ("Player 3"); naming yourself makes it false.
  z.strictObject({
    kind: z.literal('player-character-survives'),
    player: z.int().min(1).max(5),
    survives: z.boolean(),
  }),
  // The Signal is personal: only the Comms Room action of this character counts.
  z.strictObject({ kind: z.literal('signal-sent') }),
  // Self-destruct, a 9th Fire or Malfunction, or two damaged engines.
  z.strictObject({ kind: z.literal('ship-destroyed') }),
  // A kind of Intruder died (or was aboard a destroyed ship).
  z.strictObject({ kind: z.literal('intruder-killed'), intruder: Id }),
  // No eggs left on the Intruder board, or the ship destroyed.
  z.strictObject({ kind: z.literal('nest-destroyed') }),
  // How this character left the ship alive.
  z.strictObject({
    kind: z.literal('survived-by'),
    ways: z.array(z.enum(['escape-pod', 'hibernation'])).min(1),
  }),
  // Items in the inventory; an inactive quest item is not yet an item.
  z.strictObject({ kind: z.literal('holds-items'), atLeast: Positive }),
  // Exploration as a goal in itself: face-down tiles left anywhere make it false.
  z.strictObject({ kind: z.literal('every-room-explored') }),
  // A heavy object in your hands at the end (or now, as a guard).
  z.strictObject({ kind: z.literal('carries'), object: HeavyObject }),
  // A heavy object lying (not carried) in a room of this tile at the end.
  z.strictObject({ kind: z.literal('object-lies-in'), object: HeavyObject, room: Id }),
  // Research counted across the table, whoever did it.
  z.strictObject({ kind: z.literal('weaknesses-revealed'), atLeast: Positive }),
  // The Weakness on one slot of the Intruder board, named by its object.
  z.strictObject({ kind: z.literal('weakness-revealed'), slot: HeavyObject }),
  // "Without": Old Friend works only where there is no Computer.
  z.strictObject({
    kind: z.literal('not'),
    get of() {
      return Condition;
    },
  }),
  // Guards on where an effect may be used: a property of your room, never its id.
  z.strictObject({
    kind: z.literal('room-has'),
    property: z.enum(['computer', 'evac-section', 'technical-entrance', 'engine', 'cockpit']),
  }),
  // An active item of yours holds this lasting rule (the Holo Computer lets Intranet work anywhere).
  z.strictObject({ kind: z.literal('holds-rule'), rule: BespokeRule }),
  // Covering and Suppressive Fire spend a round: a weapon of yours must hold one.
  z.strictObject({ kind: z.literal('has-ammo') }),
  // The Space Suit only works between rooms of one colour.
  z.strictObject({ kind: z.literal('room-colour'), colour: ColouredRoom }),
  // Research needs its object present, carried or lying on the floor.
  z.strictObject({ kind: z.literal('room-holds-object'), objects: z.array(HeavyObject).min(1) }),
  // Read again after a Noise roll, it tells whether boarding or sleeping failed.
  z.strictObject({ kind: z.literal('no-intruder-in-room') }),
  // The Time marker on a blue space.
  z.strictObject({ kind: z.literal('hibernation-open') }),
  // An unlocked pod of this Evac Section with a free seat.
  z.strictObject({ kind: z.literal('pod-seat-free') }),
]);
export type Condition = z.output<typeof Condition>;

// ---------------------------------------------------------------- modifiers

/**
 * Modifiers change a rule while their source lasts (an undressed wound, a
 * weapon in hand, a revealed Weakness), so rules ask for them at the moment
 * they matter instead of being told once.
 */
export const Modifier = z.discriminatedUnion('kind', [
  // Leg wound: leaving Combat costs more.
  z.strictObject({ kind: z.literal('escape-cost'), extra: Positive }),
  // Hand wound: every item action costs more; shooting does not.
  z.strictObject({ kind: z.literal('item-action-cost'), extra: Positive }),
  // Body wound lowers, Cabins raise, the hand drawn up to.
  z.strictObject({ kind: z.literal('hand-size'), size: Count }),
  // Bleeding: passing hurts.
  z.strictObject({ kind: z.literal('light-wound-on-pass'), light: Positive }),
  // Arm wound: one hand slot left, so a second heavy thing drops.
  z.strictObject({ kind: z.literal('hand-slots'), slots: Count }),
  // Weapons that read a rolled face as another (the swap comes before Injuries are counted);
  // `against` narrows it to some Intruders (a Weakness that tells where Adults are soft).
  z.strictObject({
    kind: z.literal('face-counts-as'),
    from: CombatDieFace,
    to: CombatDieFace,
    against: z.array(Id).min(1).optional(),
  }),
  // "+1 Injury": on any hit that already wounds, or on a given rolled face.
  z.strictObject({
    kind: z.literal('extra-injury'),
    when: z.enum(['wounding-hit', 'face']),
    faces: z.array(CombatDieFace).optional(),
    amount: Positive,
    /** Only shots from weapons of this type (a Weakness to energy). */
    weapon: z.enum(['energy', 'classic']).optional(),
  }),
  // Scatter weapons: every face but the listed ones wounds at least this much.
  z.strictObject({
    kind: z.literal('minimum-injury'),
    exceptFaces: z.array(CombatDieFace).min(1),
    amount: Positive,
  }),
  // A weapon that lets its own combat roll be taken again.
  z.strictObject({ kind: z.literal('combat-reroll'), times: Positive }),
  // The Flamethrower sets the room alight on these faces.
  z.strictObject({ kind: z.literal('fire-on-face'), faces: z.array(CombatDieFace).min(1) }),
  // The Weaknesses: rules of the Intruders that change once a Weakness is revealed.
  // Fire hurts Intruders more, each time it hurts them.
  z.strictObject({ kind: z.literal('fire-injury'), extra: Positive }),
  // The token number a hand is compared with for a Surprise Attack.
  z.strictObject({
    kind: z.literal('surprise-attack-number'),
    change: z.int(),
    minimum: Positive,
  }),
  // Only these Intruders break closed doors; the others are stopped and the door holds.
  z.strictObject({ kind: z.literal('doors-broken-by'), intruders: z.array(Id).min(1) }),
  // An Intruder driven off by an effect (not by a death check) is hurt as it flees.
  z.strictObject({ kind: z.literal('retreat-effect-injures'), injuries: Positive }),
  // Attacks of this outcome by these Intruders give Light Wounds in place of Serious ones, and never kill.
  z.strictObject({
    kind: z.literal('attack-wounds-lighter'),
    attackers: z.array(Id).min(1),
    outcome: z.literal('wound-or-die'),
  }),
  // The blood a death check needs, changed (lower: Intruders die sooner).
  z.strictObject({ kind: z.literal('kill-threshold'), change: z.int() }),
  // A lasting rule no pattern fits; it shares the closed list with bespoke effects.
  z.strictObject({ kind: z.literal('bespoke'), rule: BespokeRule }),
]);
export type Modifier = z.output<typeof Modifier>;

// ---------------------------------------------------------------- effects

/**
 * Effects happen once. Composites (`choice`, `sequence`, `choose-room`,
 * `only-if`, `optional`) let a card's "or", "then", "in a room of your
 * choice", "only when" and "may" stay data instead of code.
 */
export const Effect = z.discriminatedUnion('kind', [
  // The player picks one option ("X, or Y"); each option is asked as its own step.
  z.strictObject({
    kind: z.literal('choice'),
    get options() {
      return z.array(Effect).min(2);
    },
  }),
  // In order; a step that cannot happen is skipped, the rest still resolve.
  z.strictObject({
    kind: z.literal('sequence'),
    get steps() {
      return z.array(Effect).min(2);
    },
  }),
  // "You may": the player is asked before it resolves.
  z.strictObject({
    kind: z.literal('optional'),
    get effect() {
      return Effect;
    },
  }),
  // The effect may be used only while the condition holds; it is never offered otherwise.
  z.strictObject({
    kind: z.literal('only-if'),
    condition: Condition,
    get effect() {
      return Effect;
    },
  }),
  // Pick a room once; every inner effect with room "chosen" acts there.
  z.strictObject({
    kind: z.literal('choose-room'),
    from: z.enum(['any', 'own-or-neighbour']),
    /** Only rooms holding an Intruder (or uncarried Eggs), as a throw needs a target. */
    needsTarget: z.boolean(),
    get effect() {
      return Effect;
    },
  }),
  // A rule no pattern fits; the closed list of rules keeps it checkable.
  z.strictObject({ kind: z.literal('bespoke'), rule: BespokeRule }),

  // --- ammunition
  // Rooms and items both refill; `only` keeps the Flamethrower's fuel apart from energy.
  z.strictObject({
    kind: z.literal('reload'),
    weapon: z.enum(['energy', 'classic']),
    /** A single weapon it alone can reload (Chemicals and the Flamethrower). */
    only: Id.optional(),
    amount: z.union([Positive, z.literal('full')]),
  }),
  // Fittings stay on the weapon, so they change its capacity, not just its ammo
  // (`weapon`: any energy weapon, or one weapon by id).
  z.strictObject({
    kind: z.literal('attach-to-weapon'),
    weapon: z.union([z.literal('energy'), Id]),
    capacity: Count,
    ammo: Count,
  }),

  // --- cards and items
  // One kind for the Search card, Storage and the Flashlight, which differ only in deck and counter.
  z.strictObject({
    kind: z.literal('search'),
    /** `room`: the room's colour (a white room lets you pick); `any`: pick a deck anywhere. */
    deck: z.enum(['room', 'any']),
    lowersItemCounter: z.boolean(),
    /** Scavenging: a room whose item counter is already at 0 may still be searched (it stays at 0). */
    evenWhenEmpty: z.boolean().optional(),
    draw: Positive,
    keep: Positive,
  }),
  // Who draws matters: Motivation feeds the whole room, Synthetic Food only you.
  z.strictObject({
    kind: z.literal('draw-action-cards'),
    who: Characters,
    count: Positive,
    /** Held active, an item with this rule lets it reach every room with a working Computer too (the Intercom). */
    alsoComputerRoomsWith: BespokeRule.optional(),
  }),
  // Smoke, the Taser and the Space Suit all cost someone cards; `all` empties a hand.
  z.strictObject({
    kind: z.literal('discard-action-cards'),
    who: Characters,
    count: CountOrAll,
  }),
  // The player chooses how many to swap, so it cannot be a fixed discard then draw.
  z.strictObject({ kind: z.literal('discard-then-draw'), extra: Count }),
  // Lifts the two-action limit for the round, which then ends in a pass.
  z.strictObject({ kind: z.literal('unlimited-actions') }),
  // Ends the round at once; several items and rooms close with it.
  z.strictObject({ kind: z.literal('pass') }),
  // Surgery restarts the whole Action deck, hand included.
  z.strictObject({ kind: z.literal('reshuffle-action-cards') }),

  // --- health
  // Dressing stops a wound's modifier without removing it from the death count.
  z.strictObject({ kind: z.literal('dress-serious-wounds'), count: CountOrAll }),
  // Only a dressed Serious Wound can be healed away.
  z.strictObject({ kind: z.literal('heal-dressed-serious-wounds'), count: CountOrAll }),
  // Light Wounds matter because the third becomes a Serious one.
  z.strictObject({ kind: z.literal('heal-light-wounds'), count: CountOrAll }),
  // Wounds the effect itself deals (Surgery's price), not those of an attack.
  z.strictObject({
    kind: z.literal('suffer-wounds'),
    who: Characters,
    light: Count,
    serious: Count,
  }),
  // Slime makes Silence dangerous; washing it off is worth an action.
  z.strictObject({ kind: z.literal('remove-slime') }),
  // The Room with Slime marks whoever walks in.
  z.strictObject({ kind: z.literal('gain-slime') }),
  // Scans differ in which cards they read and what an INFECTED card does; one kind keeps them comparable.
  z.strictObject({
    kind: z.literal('scan-contamination'),
    cards: z.enum(['hand', 'one-in-hand', 'all']),
    remove: z.enum(['clean', 'infected', 'scanned']),
    ifInfected: z.enum(['infection', 'draw-contamination', 'nothing']),
    removeLarva: z.boolean(),
  }),
  // Pyrotechnics burns an item of yours to start a fire.
  z.strictObject({ kind: z.literal('discard-inventory-item'), count: Positive }),
  // Where the card goes decides when it comes back to haunt you.
  z.strictObject({
    kind: z.literal('gain-contamination'),
    count: Positive,
    into: z.enum(['discard', 'deck-and-discard']),
  }),

  // --- secrets learnt by one seat only (views must keep them)
  // Rooms seen in advance; with the token you also learn the danger inside.
  z.strictObject({
    kind: z.literal('peek-rooms'),
    count: Positive,
    withExplorationToken: z.boolean(),
  }),
  // What a seat learnt it may lie about, so the card shows to that seat alone.
  z.strictObject({ kind: z.literal('check-coordinates') }),
  // One engine where you stand, or all three from the Engine Control Room.
  z.strictObject({ kind: z.literal('check-engines'), which: z.enum(['this-room', 'all']) }),
  // Objectives are the deepest secret; the keys differ in whose you may read.
  z.strictObject({
    kind: z.literal('look-at-objective'),
    whose: z.enum(['any-player', 'signal-sender']),
  }),
  // Flip the Weakness on the slot of an object present in the room; the object stays.
  z.strictObject({ kind: z.literal('research-weakness') }),

  // --- the ship
  // The Signal is personal and several objectives ask for it.
  z.strictObject({ kind: z.literal('send-signal') }),
  // Any space of the track; only the Coordinates card says where it leads. Never once
  // anyone hibernates, whoever tries and from wherever: the sleepers' fate is sealed.
  z.strictObject({ kind: z.literal('set-destination') }),
  // One action both ways: it starts the sequence when idle (never once anyone hibernates)
  // and stops it while it is not yet yellow; the Generator and the key share these limits.
  z.strictObject({ kind: z.literal('start-or-stop-self-destruct') }),
  // Repairs give a room back its action and its Computer.
  z.strictObject({ kind: z.literal('remove-malfunction'), room: RoomRef }),
  // Look at both engine tokens, restack them, announce only whether the order changed.
  z.strictObject({ kind: z.literal('repair-or-break-engine') }),
  // Doors are set, not toggled: the player says open or closed for each.
  z.strictObject({
    kind: z.literal('set-doors'),
    room: RoomRef,
    /** `one`: a single door of a corridor touching the room; `each`: every corridor's door. */
    doors: z.enum(['one', 'each']),
    /** The Plasma Torch alone closes a destroyed door again. */
    closesDestroyed: z.boolean(),
  }),
  // The keys reach only their own section; Hatch Control reaches every pod.
  z.strictObject({
    kind: z.literal('lock-or-unlock-pod'),
    pods: z.enum(['this-section', 'any']),
  }),
  // Demolition: a Malfunction put on purpose counts toward the ninth marker like any other;
  // Blocking Access reaches any room with a Computer.
  z.strictObject({
    kind: z.literal('place-malfunction'),
    room: z.enum(['own', 'any-computer-room']),
  }),
  // Demolition: a door of a corridor touching the room is destroyed for good.
  z.strictObject({ kind: z.literal('destroy-door'), room: RoomRef }),
  // The cards that take a Room Action for no card: here, or (Intranet) in another working Computer room.
  z.strictObject({
    kind: z.literal('free-room-action'),
    room: z.enum(['own', 'another-computer-room']),
  }),
  // Risk Assessment: the top Event card is seen by its taker alone, then left or put at the bottom.
  z.strictObject({ kind: z.literal('look-at-event-deck') }),
  // Putting fire out matters for the round-end wound and the ninth-marker loss.
  z.strictObject({ kind: z.literal('remove-fire'), room: RoomRef }),
  // Fire set on purpose counts toward the ninth marker like any other.
  z.strictObject({ kind: z.literal('place-fire'), room: RoomRef }),

  // --- moving
  // Moves other than the basic ones: where to, and whether leaving Combat is safe.
  z.strictObject({
    kind: z.literal('move'),
    to: z.enum(['neighbour', 'technical-entrance-room', 'room-of-colour']),
    colour: ColouredRoom.optional(),
    /** Leaving Combat without the Intruders' attacks. */
    unharmed: z.boolean(),
    /** Arriving as with Careful Movement, with no Noise roll and no noise placed (Reconnaissance). */
    quiet: z.boolean().optional(),
  }),
  // Others moved by a card: Order sends someone without asking, the covering fires ask first.
  z.strictObject({
    kind: z.literal('leave-room'),
    /** `other`: another character goes; `self-or-other`: you or another; `self-and-other`: you and/or another. */
    who: z.enum(['other', 'self-or-other', 'self-and-other']),
    /** The other character must agree, asked at their own seat. */
    consent: z.boolean(),
    /** Leaving Combat without the Intruders' attacks. */
    unharmed: z.boolean(),
    /** Held active, an item with this rule lets it reach every room with a working Computer too (the Intercom). */
    alsoComputerRoomsWith: BespokeRule.optional(),
  }),
  // Leaving the board alive two ways; each has its own fate at the victory check.
  z.strictObject({ kind: z.literal('enter-escape-pod') }),
  z.strictObject({ kind: z.literal('hibernate') }),
  // Several room actions risk an Intruder; the roll is a step so a guard can read its outcome.
  z.strictObject({ kind: z.literal('noise-roll') }),
  // The egg comes from the Intruder board, which is what destroys the Nest in the end.
  z.strictObject({ kind: z.literal('take-egg') }),

  // --- Intruders
  // Retreat draws an Event card per Intruder for its corridor, so it is never a plain move.
  z.strictObject({
    kind: z.literal('intruders-retreat'),
    room: RoomRef,
    which: z.enum(['one', 'all']),
  }),
  // One Intruder of your choice is hurt, and may be driven off too (the Taser).
  z.strictObject({
    kind: z.literal('injure-intruder'),
    room: RoomRef,
    injuries: Positive,
    thenRetreats: z.boolean(),
  }),
  // Area damage hits friend and foe alike; `target` 0 means no single main target.
  z.strictObject({
    kind: z.literal('blast'),
    room: RoomRef,
    target: Count,
    otherIntruders: Count,
    characters: z.strictObject({ serious: Count }),
    eggs: Count,
    /** Its Injuries are Fire's (the Molotov Cocktail), so what strengthens Fire strengthens them. */
    fire: z.boolean(),
  }),
  // A Shoot given by a card: the weapons it allows, re-rolls of its own, and Full Auto's emptied magazine.
  z.strictObject({
    kind: z.literal('shoot'),
    weapon: z.union([z.enum(['any', 'energy', 'classic']), Id]),
    extraRerolls: Count,
    /** Every round left goes into the one shot, one more Injury per this many, hit or miss. */
    emptiesWeapon: z.strictObject({ ammoPerInjury: Positive }).optional(),
  }),
  // Ammo spent for an effect, not for a shot (the covering fires).
  z.strictObject({ kind: z.literal('spend-ammo'), amount: Positive }),
  // Undo the attack that just hit you (Armor, Nerves of Steel).
  z.strictObject({ kind: z.literal('ignore-attack') }),
  // Cancel what an interrupt window was opened for: another player's action (its cost stays
  // paid) or another player's Interruption (Interruption).
  z.strictObject({ kind: z.literal('cancel-interrupted') }),
  // A second chance at a roll already made, offered once per roll.
  z.strictObject({ kind: z.literal('reroll-die'), die: z.enum(['noise', 'combat']) }),
]);
export type Effect = z.output<typeof Effect>;

// ---------------------------------------------------------------- uses

/**
 * Named moments the rules stop at to offer reactions. Closed, so a card can
 * only wait for a moment the rules announce (the interrupts use the same
 * list); flow/trigger-points.ts lists those the rules fire and what answers.
 */
export const Trigger = z.enum([
  'own-noise-roll',
  'intruder-attack-on-you',
  // for Nerves of Steel
  'surprise-attack-on-you',
  'enter-room',
  'start-of-turn',
  // for Interruption
  'before-action-resolves',
  // for Interruption played against another Interruption
  'interruption-played',
]);
export type Trigger = z.output<typeof Trigger>;

/**
 * The trigger points where the rules open an interrupt window (the kernel's
 * `window` prompt, player-phase/interrupts.ts): another player's action
 * about to resolve, an Interruption just played against it (or against
 * another Interruption), a Surprise Attack that has struck. Closed: an
 * interrupt card names the ones it answers, and a window opens nowhere else.
 */
export const InterruptTrigger = Trigger.extract([
  'before-action-resolves',
  'interruption-played',
  'surprise-attack-on-you',
]);
export type InterruptTrigger = z.output<typeof InterruptTrigger>;

/** When an effect may be used: in Combat only, out of it only, or either way. */
export const CombatUse = z.enum(['in-combat', 'out-of-combat', 'any']);

const ActionUse = z.strictObject({
  kind: z.literal('action'),
  cost: Count,
  combat: CombatUse,
  effect: Effect,
});

const ReactionUse = z.strictObject({
  kind: z.literal('reaction'),
  trigger: Trigger,
  cost: Count,
  effect: Effect,
});

const TriggeredUse = z.strictObject({
  kind: z.literal('triggered'),
  trigger: Trigger,
  effect: Effect,
});

const ModifierUse = z.strictObject({
  kind: z.literal('modifier'),
  modifier: Modifier,
  while: Condition.optional(),
});

export const Use = z.discriminatedUnion('kind', [
  // An action of your turn; `cost` counts Action cards discarded to take it (guards go in `only-if`).
  ActionUse,
  // Offered to its holder when the trigger happens, even outside their turn; they may decline.
  ReactionUse,
  // Happens by itself at the trigger, nobody is asked (the Room with Slime).
  TriggeredUse,
  // Holds while the source is in play; `while` narrows it further (Cabins: no Intruder there).
  ModifierUse,
]);
export type Use = z.output<typeof Use>;

/** What a room does by itself, with no action taken. */
export const Passive = z.discriminatedUnion('kind', [TriggeredUse, ModifierUse]);
export type Passive = z.output<typeof Passive>;

// ---------------------------------------------------------------- quests

/** What completes a quest, as a basic action (its cost is the quest's). */
export const QuestTask = z.discriminatedUnion('kind', [
  // Be in the named room: the card names that room on purpose.
  z.strictObject({ kind: z.literal('activate-in-room'), room: Id }),
  // Give up an item of one of these kinds.
  z.strictObject({ kind: z.literal('discard-item'), items: z.array(Id).min(1) }),
]);
export type QuestTask = z.output<typeof QuestTask>;

// ---------------------------------------------------------------- kinds

/** The `kind` of each option of a discriminated union, read from the schema. */
export function kindsOf<Option extends { shape: { kind: { value: string } } }>(
  options: readonly Option[],
): Option['shape']['kind']['value'][] {
  return options.map((option) => option.shape.kind.value);
}

/** Every kind of each family, read from the schemas so the lists cannot drift. */
export const effectKinds: readonly Effect['kind'][] = kindsOf(Effect.options);
export const modifierKinds: readonly Modifier['kind'][] = kindsOf(Modifier.options);
export const conditionKinds: readonly Condition['kind'][] = kindsOf(Condition.options);
export const questTaskKinds: readonly QuestTask['kind'][] = kindsOf(QuestTask.options);
export const bespokeRules: readonly BespokeRule[] = BespokeRule.options;

/**
 * The name a handler table uses for a kind: the bare kind, except the
 * `bespoke` kinds, which go by their rule (`bespoke:decoy`), and `bespoke`
 * modifiers, which share that name since one function serves both.
 */
export type HandlerName =
  | Exclude<Effect['kind'], 'bespoke'>
  | Exclude<Modifier['kind'], 'bespoke'>
  | Condition['kind']
  | QuestTask['kind']
  | `bespoke:${BespokeRule}`;

/** Every handler name a complete handler table must have. */
export const handlerNames: readonly HandlerName[] = [
  ...effectKinds.filter((kind): kind is Exclude<Effect['kind'], 'bespoke'> => kind !== 'bespoke'),
  ...modifierKinds.filter(
    (kind): kind is Exclude<Modifier['kind'], 'bespoke'> => kind !== 'bespoke',
  ),
  ...conditionKinds,
  ...questTaskKinds,
  ...bespokeRules.map((rule) => `bespoke:${rule}` as const),
];

/** One kind's node, for the parameter of its handler. */
export type EffectOf<Kind extends Effect['kind']> = Extract<Effect, { kind: Kind }>;
export type ModifierOf<Kind extends Modifier['kind']> = Extract<Modifier, { kind: Kind }>;
export type ConditionOf<Kind extends Condition['kind']> = Extract<Condition, { kind: Kind }>;

/** One entry per handler name: the compiler refuses a table that misses a kind. */
export type HandlerTable<Handler> = { readonly [Name in HandlerName]: Handler };
