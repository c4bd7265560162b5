import { assertPlainData, clonePlain, samePlainData } from './clone.js';
import { excerptLength } from './excerpt.js';
import { stateHash } from './hash.js';
import { Match, type MatchRecord } from './match.js';
import {
  type GeneratorKind,
  generatorKinds,
  pick,
  type RandomState,
  randomInt,
  redealGenerator,
  seedRandom,
} from './random.js';
import type { Ruleset, Seat } from './ruleset.js';

/**
 * The generic checks every ruleset must pass. Each returns the list of
 * failures it found (empty when the ruleset conforms), so that tests can
 * also show that a broken ruleset is caught.
 */
export interface ConformanceSpec<State, Action, View, Options> {
  ruleset: Ruleset<State, Action, View, Options>;
  /** Option inputs to play under; defaults to [{}]. */
  optionsList?: unknown[];
  /** Seeds of the random playouts; defaults to five seeds. */
  seeds?: string[];
  /** The generator the matches draw from; `fast` by default. */
  generator?: GeneratorKind;
  /** A playout that reaches this many actions without a result fails. */
  maxActions?: number;
  /** Checked after every action: return what is wrong, or nothing. */
  invariant?: (state: State) => readonly string[] | undefined;
  /** Extra wrong actions to try besides the generic ones. */
  badActions?: (state: State, seat: Seat) => unknown[];
  /** How many states of each playout the costlier checks sample; defaults to 40. */
  samplesPerPlayout?: number;
}

export interface Playout<State, Action> {
  record: MatchRecord<unknown, Action>;
  /** States after setup and after each action (copies). */
  states: State[];
  ended: boolean;
  failures: string[];
}

const defaultSeeds = ['alpha', 'bravo', 'charlie', 'delta', 'echo'];

function label(options: unknown, seed: string): string {
  return `options ${JSON.stringify(options)}, seed "${seed}"`;
}

/** Picks a seat some prompt waits on and one of its legal actions, at random. */
export function randomMove<S, A>(
  ruleset: Ruleset<S, A, unknown, unknown>,
  state: S,
  random: RandomState,
): { seat: Seat; action: A } | null {
  const candidates: { seat: Seat; actions: A[] }[] = [];
  const seen = new Set<Seat>();
  for (const prompt of ruleset.prompts(state)) {
    for (const seat of prompt.seats) {
      if (seen.has(seat)) continue;
      seen.add(seat);
      const actions = ruleset.legalActions(state, seat);
      if (actions.length > 0) candidates.push({ seat, actions });
    }
  }
  if (candidates.length === 0) return null;
  const chosen = pick(random, candidates);
  return { seat: chosen.seat, action: pick(random, chosen.actions) };
}

/** Plays one game with random legal actions, checking what can be checked on the way. */
export function randomPlayout<S, A, V, O>(
  spec: ConformanceSpec<S, A, V, O>,
  options: unknown,
  seed: string,
  keepStates = true,
): Playout<S, A> {
  const { ruleset } = spec;
  const maxActions = spec.maxActions ?? 20_000;
  const failures: string[] = [];
  const where = label(options, seed);
  const match = Match.create(ruleset, options, seed, { generator: spec.generator });
  const random = seedRandom(`playout:${seed}`);
  const states: S[] = keepStates ? [clonePlain(match.state)] : [];
  const checkPlain = (step: number): boolean => {
    try {
      assertPlainData(match.state);
      return true;
    } catch (error) {
      failures.push(`${where}, after action ${step}: ${(error as Error).message}`);
      return false;
    }
  };
  if (!checkPlain(-1)) return { record: match.record(), states, ended: false, failures };
  for (let step = 0; step < maxActions; step++) {
    if (match.result() !== null) break;
    const move = randomMove(ruleset, match.state, random);
    if (move === null) {
      failures.push(`${where}: no result, yet no seat has a legal action (after ${step} actions)`);
      break;
    }
    const outcome = match.submit(move.seat, move.action);
    if (!outcome.ok) {
      failures.push(
        `${where}: legal action ${JSON.stringify(move.action)} of seat ${move.seat} was refused: ${outcome.rejection.code}: ${outcome.rejection.message}`,
      );
      break;
    }
    if (keepStates) states.push(clonePlain(match.state));
    const violations = spec.invariant?.(match.state) ?? [];
    for (const violation of violations)
      failures.push(`${where}, after action ${step}: invariant: ${violation}`);
    if (violations.length > 0) break;
    // Plain data is checked on the match's own state: copies would hide a class by flattening it.
    if (step % 16 === 0 && !checkPlain(step)) break;
  }
  const ended = match.result() !== null;
  failures.push(...scoreProblems(ruleset, match.state).map((problem) => `${where}: ${problem}`));
  if (!ended && failures.length === 0)
    failures.push(`${where}: no result after ${maxActions} actions`);
  return { record: match.record(), states, ended, failures };
}

/** A result's scores, when it gives them, are numbers for exactly the seats at the table. */
function scoreProblems<S>(ruleset: Ruleset<S, unknown, unknown, unknown>, state: S): string[] {
  const scores = ruleset.result(state)?.scores;
  if (scores === undefined) return [];
  const seats = [...ruleset.seats(state)].sort();
  const scored = Object.keys(scores).sort();
  const problems: string[] = [];
  if (JSON.stringify(seats) !== JSON.stringify(scored))
    problems.push(
      `the result scores seats ${scored.join(', ')}, the table has ${seats.join(', ')}`,
    );
  for (const [seat, score] of Object.entries(scores))
    if (!Number.isFinite(score)) problems.push(`the score of seat ${seat} is ${score}`);
  return problems;
}

function* playouts<S, A, V, O>(
  spec: ConformanceSpec<S, A, V, O>,
): Generator<Playout<S, A> & { options: unknown; seed: string }> {
  for (const options of spec.optionsList ?? [{}]) {
    for (const seed of spec.seeds ?? defaultSeeds) {
      yield { ...randomPlayout(spec, options, seed), options, seed };
    }
  }
}

function sample<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const step = items.length / count;
  return Array.from({ length: count }, (_, index) => items[Math.floor(index * step)]!);
}

/** Random playouts reach a result, every legal action is accepted, invariants hold, state is plain data. */
export function checkPlayouts<S, A, V, O>(spec: ConformanceSpec<S, A, V, O>): string[] {
  const failures: string[] = [];
  for (const playout of playouts(spec)) failures.push(...playout.failures);
  return failures;
}

/** Replaying a record gives the same states, twice over, hash for hash. */
export function checkReplayDeterminism<S, A, V, O>(spec: ConformanceSpec<S, A, V, O>): string[] {
  const failures: string[] = [];
  for (const playout of playouts(spec)) {
    const where = label(playout.options, playout.seed);
    const expected = playout.states.map((state) => stateHash(state));
    for (const attempt of [1, 2]) {
      const match = Match.create(spec.ruleset, playout.options, playout.seed, {
        generator: spec.generator,
      });
      if (match.hash() !== expected[0]) {
        failures.push(`${where}: replay ${attempt}: setup gives a different state`);
        continue;
      }
      for (const [index, { seat, action }] of playout.record.actions.entries()) {
        const outcome = match.submit(seat, action);
        if (!outcome.ok) {
          failures.push(
            `${where}: replay ${attempt}: action ${index} refused: ${outcome.rejection.message}`,
          );
          break;
        }
        if (match.hash() !== expected[index + 1]) {
          failures.push(
            `${where}: replay ${attempt}: state after action ${index} differs from the original`,
          );
          break;
        }
      }
    }
    try {
      const replayed = Match.replay(spec.ruleset, JSON.parse(JSON.stringify(playout.record)));
      if (replayed.hash() !== expected[expected.length - 1])
        failures.push(`${where}: Match.replay of the JSON record ends elsewhere`);
    } catch (error) {
      failures.push(
        `${where}: Match.replay of the JSON record failed: ${(error as Error).message}`,
      );
    }
  }
  return failures;
}

/** A state survives a JSON round trip, and play continues from the copy exactly as from the original. */
export function checkJsonRoundTrip<S, A, V, O>(spec: ConformanceSpec<S, A, V, O>): string[] {
  const failures: string[] = [];
  const { ruleset } = spec;
  for (const playout of playouts(spec)) {
    const where = label(playout.options, playout.seed);
    const indices = sample(
      playout.states.map((_, index) => index),
      spec.samplesPerPlayout ?? 40,
    );
    for (const index of indices) {
      const state = playout.states[index]!;
      const copy = JSON.parse(JSON.stringify(state)) as S;
      if (!samePlainData(copy, state)) {
        failures.push(`${where}: state ${index} changes in a JSON round trip`);
        continue;
      }
      const next = playout.record.actions[index];
      if (!next) continue;
      const original = clonePlain(state);
      ruleset.apply(original, next.seat, next.action);
      ruleset.apply(copy, next.seat, next.action);
      if (stateHash(original) !== stateHash(copy)) {
        failures.push(
          `${where}: after a JSON round trip of state ${index}, the next action gives another state`,
        );
      }
    }
  }
  return failures;
}

/**
 * `applyLegal`, where a ruleset has it, does what `apply` does: each sampled
 * state, given the action the playout took there, reaches the same state and
 * the same events either way.
 */
export function checkApplyLegal<S, A, V, O>(spec: ConformanceSpec<S, A, V, O>): string[] {
  const failures: string[] = [];
  const { ruleset } = spec;
  if (ruleset.applyLegal === undefined) return failures;
  for (const playout of playouts(spec)) {
    const where = label(playout.options, playout.seed);
    const indices = sample(
      playout.states.map((_, index) => index),
      spec.samplesPerPlayout ?? 40,
    );
    for (const index of indices) {
      const next = playout.record.actions[index];
      if (!next) continue;
      const state = playout.states[index]!;
      const applied = clonePlain(state);
      const appliedLegal = clonePlain(state);
      const outcome = ruleset.apply(applied, next.seat, next.action);
      const outcomeLegal = ruleset.applyLegal(appliedLegal, next.seat, next.action);
      if (
        stateHash(applied) !== stateHash(appliedLegal) ||
        JSON.stringify(outcome) !== JSON.stringify(outcomeLegal)
      ) {
        failures.push(`${where}: after state ${index}, applyLegal and apply differ`);
      }
    }
  }
  return failures;
}

const genericBadActions: unknown[] = [
  null,
  undefined,
  42,
  'roll',
  [],
  {},
  { type: 42 },
  { type: '__no-such-action__' },
];

/** Wrong seats and wrong actions are refused, never thrown, and leave the state byte-identical. */
export function checkRejections<S, A, V, O>(spec: ConformanceSpec<S, A, V, O>): string[] {
  const failures: string[] = [];
  const { ruleset } = spec;
  for (const playout of playouts(spec)) {
    const where = label(playout.options, playout.seed);
    for (const [index, state] of sample(playout.states, spec.samplesPerPlayout ?? 40).entries()) {
      const seats = ruleset.seats(state);
      const prompted = new Set(ruleset.prompts(state).flatMap((prompt) => prompt.seats));
      const attempts: { seat: Seat; action: unknown; mustRefuse: boolean }[] = [];
      for (const seat of [...seats, '__stranger__']) {
        for (const action of [...genericBadActions, ...(spec.badActions?.(state, seat) ?? [])]) {
          attempts.push({ seat, action, mustRefuse: true });
        }
        if (!prompted.has(seat)) {
          // Someone else's legal move, played by a seat nothing is asked of.
          for (const other of seats) {
            for (const action of ruleset.legalActions(state, other).slice(0, 3)) {
              attempts.push({ seat, action, mustRefuse: true });
            }
          }
        }
      }
      for (const attempt of attempts) {
        const copy = clonePlain(state);
        const before = JSON.stringify(copy);
        let outcome: ReturnType<typeof ruleset.apply>;
        try {
          outcome = ruleset.apply(copy, attempt.seat, attempt.action as A);
        } catch (error) {
          failures.push(
            `${where}, sample ${index}: apply threw on ${JSON.stringify(attempt.action)} from seat ${attempt.seat}: ${(error as Error).message}`,
          );
          continue;
        }
        if (outcome.ok) {
          if (attempt.mustRefuse) {
            failures.push(
              `${where}, sample ${index}: ${JSON.stringify(attempt.action) ?? 'undefined'} from seat ${attempt.seat} was accepted`,
            );
          }
          continue;
        }
        if (JSON.stringify(copy) !== before) {
          failures.push(
            `${where}, sample ${index}: refusing ${JSON.stringify(attempt.action) ?? 'undefined'} from seat ${attempt.seat} (${outcome.rejection.code}) changed the state`,
          );
        }
        if (!outcome.rejection.code || !outcome.rejection.message) {
          failures.push(`${where}, sample ${index}: a rejection without code or message`);
        }
      }
    }
  }
  return failures;
}

/**
 * The no-leak property: determinize (re-deal everything a viewer cannot
 * see), and that viewer's view stays byte-identical. The re-deal must change
 * the state at least once, or the property proves nothing.
 */
export function checkNoLeak<S, A, V, O>(spec: ConformanceSpec<S, A, V, O>): string[] {
  const failures: string[] = [];
  const { ruleset } = spec;
  let redealsThatChangedSomething = 0;
  const random = seedRandom('no-leak');
  for (const playout of playouts(spec)) {
    const where = label(playout.options, playout.seed);
    for (const [index, state] of sample(playout.states, spec.samplesPerPlayout ?? 40).entries()) {
      for (const viewer of [...ruleset.seats(state), 'spectator' as const]) {
        const seen = JSON.stringify(ruleset.view(state, viewer));
        const redealt = ruleset.determinize(state, viewer, random);
        if (stateHash(redealt) !== stateHash(state)) redealsThatChangedSomething++;
        const seenAfter = JSON.stringify(ruleset.view(redealt, viewer));
        if (seen !== seenAfter) {
          failures.push(
            `${where}, sample ${index}: the view of ${viewer} changes when what it cannot see is re-dealt`,
          );
        }
      }
    }
    randomInt(random, 0, 1);
  }
  if (redealsThatChangedSomething === 0)
    failures.push('the re-deal never changed a state, so the no-leak check proved nothing');
  return failures;
}

/**
 * Wherever the undo policy lets a seat take back its last action, the undo
 * gives back the state before it, byte for byte (the state a replay of the
 * shorter record gives), and the action played again gives the same state.
 */
export function checkUndo<S, A, V, O>(spec: ConformanceSpec<S, A, V, O>): string[] {
  const failures: string[] = [];
  for (const playout of playouts(spec)) {
    const where = label(playout.options, playout.seed);
    const match = Match.create(spec.ruleset, playout.options, playout.seed, {
      generator: spec.generator,
    });
    for (const [index, { seat, action }] of playout.record.actions.entries()) {
      if (!match.submit(seat, action).ok) break;
      if (!match.canUndo(seat)) continue;
      const undone = match.undo(seat);
      if (!undone.ok || match.hash() !== stateHash(playout.states[index]!)) {
        failures.push(`${where}: undoing action ${index} does not give the state before it`);
        break;
      }
      if (
        !match.submit(seat, action).ok ||
        match.hash() !== stateHash(playout.states[index + 1]!)
      ) {
        failures.push(`${where}: action ${index}, taken back and played again, ends elsewhere`);
        break;
      }
    }
  }
  return failures;
}

/** Every string leaf of an action, each in turn replaced by `long`. */
function withLongStrings(action: unknown, long: string): unknown[] {
  if (typeof action === 'string') return [long];
  if (typeof action !== 'object' || action === null) return [];
  const variants: unknown[] = [];
  for (const [key, value] of Object.entries(action)) {
    for (const variant of withLongStrings(value, long)) {
      const copy = (Array.isArray(action) ? [...action] : { ...action }) as Record<string, unknown>;
      copy[key] = variant;
      variants.push(copy);
    }
  }
  return variants;
}

/**
 * Refusals quote at most a short prefix of what was sent: legal actions with
 * one string made 10 KB long, an unknown 10 KB key, a 10 KB seat, all
 * submitted through Match.
 */
export function checkShortEchoes<S, A, V, O>(spec: ConformanceSpec<S, A, V, O>): string[] {
  const failures: string[] = [];
  const { ruleset } = spec;
  const long = 'Z'.repeat(10_240);
  const tooMuch = 'Z'.repeat(excerptLength + 1);
  for (const playout of playouts(spec)) {
    const where = label(playout.options, playout.seed);
    const indices = sample(
      playout.states.map((_, index) => index),
      Math.min(10, spec.samplesPerPlayout ?? 40),
    );
    for (const index of indices) {
      const state = playout.states[index]!;
      const record = { ...playout.record, actions: playout.record.actions.slice(0, index) };
      const attempts: { seat: Seat; action: unknown }[] = [];
      for (const seat of ruleset.seats(state)) {
        for (const action of ruleset.legalActions(state, seat).slice(0, 4)) {
          for (const variant of withLongStrings(action, long))
            attempts.push({ seat, action: variant });
          attempts.push({ seat, action: { ...(action as object), [long]: 1 } });
          attempts.push({ seat: long, action });
        }
      }
      for (const { seat, action } of attempts) {
        const match = Match.restore(ruleset, record, state);
        const outcome = match.submit(seat, action);
        if (!outcome.ok && outcome.rejection.message.includes(tooMuch)) {
          failures.push(
            `${where}, state ${index}: refusing a long input (${outcome.rejection.code}) quotes ${outcome.rejection.message.length} characters of it`,
          );
        }
      }
    }
  }
  return failures;
}

/**
 * determinize depends only on what the seat sees: a state and a re-deal of
 * it (same view, other secrets) give byte-identical copies for the same
 * random; and the state handed in is left as it was.
 */
export function checkDeterminize<S, A, V, O>(spec: ConformanceSpec<S, A, V, O>): string[] {
  const failures: string[] = [];
  const { ruleset } = spec;
  const random = seedRandom('determinize');
  for (const playout of playouts(spec)) {
    const where = label(playout.options, playout.seed);
    for (const [index, state] of sample(playout.states, spec.samplesPerPlayout ?? 40).entries()) {
      for (const viewer of [...ruleset.seats(state), 'spectator' as const]) {
        const before = JSON.stringify(state);
        const redealt = ruleset.determinize(state, viewer, random);
        if (JSON.stringify(state) !== before) {
          failures.push(`${where}, sample ${index}: determinize for ${viewer} changed its input`);
          continue;
        }
        // Two other states with the same view: a re-deal, and (as nobody sees the generator) another generator.
        const reseeded = clonePlain(state) as { random?: RandomState };
        if (reseeded.random !== undefined) redealGenerator(reseeded.random, random);
        const dealer = clonePlain(random);
        const fromState = JSON.stringify(ruleset.determinize(state, viewer, clonePlain(dealer)));
        for (const other of [redealt, reseeded as S]) {
          const fromOther = JSON.stringify(ruleset.determinize(other, viewer, clonePlain(dealer)));
          if (fromState !== fromOther) {
            failures.push(
              `${where}, sample ${index}: two states ${viewer} cannot tell apart determinize differently (${firstDifference(fromState, fromOther)})`,
            );
            break;
          }
        }
      }
    }
  }
  return failures;
}

/** Where two texts first differ, with a little context: enough to find the field. */
function firstDifference(left: string, right: string): string {
  let index = 0;
  while (index < left.length && left[index] === right[index]) index++;
  return `at ${JSON.stringify(left.slice(Math.max(0, index - 60), index + 20))}`;
}

export const conformanceChecks = {
  'random playouts reach the end with invariants holding': checkPlayouts,
  'replaying a record gives the same states': checkReplayDeterminism,
  'states survive a JSON round trip': checkJsonRoundTrip,
  'applyLegal does what apply does': checkApplyLegal,
  'rejected actions change nothing': checkRejections,
  'views do not leak what a seat cannot see': checkNoLeak,
  'determinize depends only on what the seat sees': checkDeterminize,
  'refusals quote at most a short prefix of what was sent': checkShortEchoes,
  'an undo gives back the state before the action': checkUndo,
} as const;

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  return value === null ? 'null' : typeof value;
}

/**
 * The form of plain data without its values: its keys and the kind of what
 * each holds, one level deep (deeper keys may be ids, which vary with play).
 */
function shapeOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return kindOf(value);
  return Object.keys(value)
    .sort()
    .map((key) => `${key}: ${kindOf((value as Record<string, unknown>)[key])}`);
}

/**
 * Which generator a match draws from changes how numbers are drawn, never
 * the rules: under each, setup gives a state of the same form (the generator
 * aside), and random playouts end with results of the same form.
 */
export function checkGeneratorsAgree<S, A, V, O>(spec: ConformanceSpec<S, A, V, O>): string[] {
  const failures: string[] = [];
  for (const options of spec.optionsList ?? [{}]) {
    for (const seed of spec.seeds ?? defaultSeeds) {
      const where = label(options, seed);
      const forms = generatorKinds.map((generator) => {
        const { random: _, ...state } = Match.create(spec.ruleset, options, seed, { generator })
          .state as Record<string, unknown>;
        const playout = randomPlayout({ ...spec, generator }, options, seed, false);
        const match = Match.replay(spec.ruleset, playout.record);
        return { state: shapeOf(state), result: shapeOf(match.result()), ended: playout.ended };
      });
      const [fast, crypto] = forms as [(typeof forms)[0], (typeof forms)[0]];
      if (!fast.ended || !crypto.ended)
        failures.push(`${where}: a playout did not end under one of the generators`);
      if (JSON.stringify(fast.state) !== JSON.stringify(crypto.state))
        failures.push(`${where}: setup gives states of different forms under the two generators`);
      if (JSON.stringify(fast.result) !== JSON.stringify(crypto.result))
        failures.push(`${where}: results of different forms under the two generators`);
    }
  }
  return failures;
}
