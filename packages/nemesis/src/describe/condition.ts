import type { Condition, HeavyObject } from '../content/effects.js';
import type { Tables } from '../content/tables.js';
import { type ConditionFacts, readCondition } from '../effects/condition-reading.js';
import { signalsNeeded } from '../end-of-game/objectives-check.js';
import { conditionFactsOfView, headedFor } from '../views/condition-facts.js';
import type { NemesisView, PlayerView } from '../views/view.js';
import { seatOfPlayerNumber } from '../vocabulary/game.js';
import type { Survival } from '../vocabulary/state.js';
import { destinationName } from './destinations.js';
import { capitalise, objectWords } from './glossary.js';

const slotWords = (object: HeavyObject) => `the Weakness researched with ${objectWords[object]}`;

/** An "or" inside an "and" reads "either ... or ...", so the grouping stays clear. */
function nested(condition: Condition, team: TeamSignals | null): string {
  if (condition.kind === 'any')
    return `either ${condition.of.map((inner) => describeCondition(inner, team)).join(' or ')}`;
  return describeCondition(condition, team);
}

/**
 * The Signals of a team in the cooperative variant: characters who sent
 * one, and how many the team's cards need (one sender each).
 */
export interface TeamSignals {
  sent: number;
  needed: number;
}

/**
 * A condition of the pack in a few words: what an Objective asks, or where
 * an effect may be used. For a team's card (`team` given) the words say
 * what counts in a team: the team's Signals, and any survivor.
 */
export function describeCondition(condition: Condition, team: TeamSignals | null = null): string {
  switch (condition.kind) {
    case 'all':
      return condition.of.map((inner) => nested(inner, team)).join(', and ');
    case 'any':
      return condition.of.map((inner) => describeCondition(inner, team)).join('; or ');
    case 'not':
      return `not so: ${nested(condition.of, team)}`;
    case 'ship-reaches':
      return `the ship reaches ${destinationName(condition.destination)}`;
    case 'only-survivor':
      return 'you are the only survivor';
    case 'other-survivors':
      return `at least ${condition.atLeast} other character${condition.atLeast === 1 ? '' : 's'} survive${condition.atLeast === 1 ? 's' : ''}`;
    case 'player-character-survives':
      return `the character of Player ${condition.player} ${condition.survives ? 'survives' : 'does not survive'}`;
    case 'signal-sent':
      return team
        ? `Signals sent by the team: ${team.sent} of ${team.needed} needed`
        : 'you sent the Signal';
    case 'ship-destroyed':
      return 'the ship is destroyed';
    case 'intruder-killed':
      return `the ${capitalise(condition.intruder)} is killed`;
    case 'nest-destroyed':
      return 'the Nest is destroyed (no eggs left, or the ship destroyed)';
    case 'survived-by':
      return `${team ? 'a character survives' : 'you survive'} ${condition.ways.map((way) => (way === 'escape-pod' ? 'in an Escape Pod' : 'in hibernation')).join(' or ')}`;
    case 'holds-items':
      return `you hold at least ${condition.atLeast} item${condition.atLeast === 1 ? '' : 's'}`;
    case 'every-room-explored':
      return 'every room is explored';
    case 'carries':
      return `${team ? 'a survivor carries' : 'you carry'} ${objectWords[condition.object]}`;
    case 'object-lies-in':
      return `${objectWords[condition.object]} lies in the ${capitalise(condition.room.replaceAll('-', ' '))}`;
    case 'weaknesses-revealed':
      return `at least ${condition.atLeast} Weakness${condition.atLeast === 1 ? ' is' : 'es are'} revealed`;
    case 'weakness-revealed':
      return `${slotWords(condition.slot)} is revealed`;
    case 'room-has':
      return `your room has ${
        {
          computer: 'a working Computer',
          'evac-section': 'Escape Pods',
          'technical-entrance': 'an entrance to the Technical Corridors',
          engine: 'an engine',
          cockpit: 'the controls of the ship (the Cockpit)',
        }[condition.property]
      }`;
    case 'holds-rule':
      return `you hold an active item that allows it (${condition.rule.replaceAll('-', ' ')})`;
    case 'has-ammo':
      return 'a weapon of yours has ammo';
    case 'room-colour':
      return `your room is ${condition.colour}`;
    case 'room-holds-object':
      return `${condition.objects.map((object) => objectWords[object]).join(' or ')} is in your room or in your hands`;
    case 'no-intruder-in-room':
      return 'no Intruder is in your room';
    case 'hibernation-open':
      return 'the hibernation chambers are open';
    case 'pod-seat-free':
      return 'an unlocked Escape Pod of this section has a free seat';
  }
}

/** One condition of an Objective, and whether it holds as far as the reader's view tells. */
export interface ConditionPart {
  text: string;
  holds: boolean | null;
}

/** Whose Objective is read, and what the reader's view shows of the game. */
interface Reading {
  tables: Tables;
  view: NemesisView;
  owner: PlayerView;
  /** The owner's items, when the reader may count them (their own, or the count the table sees). */
  items: number;
  /** In the cooperative variant, the team's Signals: a card is the team's, met by any survivor. */
  team: TeamSignals | null;
}

/** The team's Signals as the view shows them: the verdict's at the end. */
function teamSignals(tables: Tables, view: NemesisView): TeamSignals | null {
  if (view.mode !== 'cooperative') return null;
  return (
    view.over?.victory.team?.signals ?? {
      sent: view.players.filter((player) => player.signal).length,
      needed: signalsNeeded(tables, view.teamObjectives ?? []),
    }
  );
}

const alive = (player: PlayerView) => player.status !== 'dead';

/**
 * Whether a condition holds so far, read from the view alone by the same
 * reading as the victory check's (effects/condition-reading.ts), which
 * reads the state at the end. What the view cannot tell yet is null.
 */
export function holdsSoFar(reading: Reading, condition: Condition): boolean | null {
  const { tables, view, owner, items } = reading;
  const facts = conditionFactsOfView(tables, view, owner, items);
  return readCondition(reading.team ? teamFacts(facts, view, reading.team) : facts, condition);
}

/**
 * A team's card is shared: the team's Signals count against what its cards
 * need, and any character's way out and any survivor's load serve it.
 */
function teamFacts(facts: ConditionFacts, view: NemesisView, team: TeamSignals): ConditionFacts {
  return {
    ...facts,
    signalSent: team.sent >= team.needed,
    survival: teamSurvival(view),
    carried: view.players
      .filter((player) => facts.survives(player.seat))
      .flatMap((player) => player.carried),
  };
}

/**
 * How the team left the ship alive, as far as the view tells: by a pod if
 * anyone escaped, by hibernation once the end shows a sleeper, unknown while
 * someone may still get out. The team's cards ask "a pod or hibernation".
 */
function teamSurvival(view: NemesisView): Survival | null | undefined {
  if (view.players.some((player) => player.status === 'escaped')) return 'escape-pod';
  if (view.over)
    return view.players.some((player) => player.status === 'hibernating') ? 'hibernation' : null;
  return view.players.some((player) => player.status !== 'dead') ? undefined : null;
}

/** How far a counted condition has come, as the view shows it: "(14/21 so far)". */
function progress(reading: Reading, condition: Condition): string {
  const { view } = reading;
  switch (condition.kind) {
    case 'every-room-explored':
      return ` (${view.rooms.filter((room) => room.explored).length}/${view.rooms.length} explored so far)`;
    case 'weaknesses-revealed':
      return ` (${view.weaknesses.filter((weakness) => weakness !== null).length}/${condition.atLeast} so far)`;
    case 'holds-items':
      return ` (${reading.items} now)`;
    case 'nest-destroyed':
      return ` (${view.nestEggs} egg${view.nestEggs === 1 ? '' : 's'} left in the Nest)`;
    case 'ship-reaches': {
      const headed = headedFor(reading.tables, view);
      return headed && !view.over ? ` (headed for ${destinationName(headed)} when last read)` : '';
    }
    case 'player-character-survives': {
      const player = view.players.find(
        (candidate) => candidate.seat === seatOfPlayerNumber(condition.player),
      );
      if (!player) return ' (no such player at this table)';
      return player.status === 'dead' ? ' (dead)' : view.over ? '' : ' (alive so far)';
    }
    case 'other-survivors': {
      const others = view.players.filter(
        (player) => player.seat !== reading.owner.seat && alive(player),
      ).length;
      return view.over ? '' : ` (${others} alive so far)`;
    }
    default:
      return '';
  }
}

/**
 * An Objective's conditions, each with whether it holds so far as the
 * reader's view tells: "all of" splits into its parts; "any of" lists each
 * way, the later ones starting with "or".
 */
export function objectiveParts(
  tables: Tables,
  view: NemesisView,
  owner: PlayerView,
  items: number,
  requirement: Condition,
): ConditionPart[] {
  const reading: Reading = { tables, view, owner, items, team: teamSignals(tables, view) };
  const part = (condition: Condition, prefix = ''): ConditionPart => ({
    text: `${prefix}${capitalise(describeCondition(condition, reading.team))}${progress(reading, condition)}`,
    holds: holdsSoFar(reading, condition),
  });
  if (requirement.kind === 'all') return requirement.of.map((inner) => part(inner));
  if (requirement.kind === 'any')
    return requirement.of.map((inner, index) => part(inner, index === 0 ? '' : 'Or: '));
  return [part(requirement)];
}
