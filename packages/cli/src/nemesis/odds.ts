import {
  attackDeckWith,
  type BagQuestion,
  baseContent,
  combatOdds,
  createNemesis,
  encounterOdds,
  escapeOdds,
  type IntruderKind,
  noiseRollOdds,
  setupBag,
  type Tables,
  type WeaponRulesMode,
} from '@tabletop/nemesis';
import { barChart, percent } from '../bars.js';

/** The flags of `tabletop odds nemesis <question>`, as commander hands them over (text). */
export interface NemesisOddsFlags {
  weapon?: string;
  intruder?: string;
  injuries?: string;
  discard?: string;
  weaponRules?: string;
  ammo?: string;
  hand?: string;
  bag?: string;
  players?: string;
  room?: string;
  marked?: string;
  slime?: boolean;
  intruders?: string;
  serious?: string;
  light?: string;
  json?: boolean;
}

const pack = baseContent();
let cachedTables: Tables | undefined;
function tables(): Tables {
  cachedTables ??= createNemesis(pack).tables;
  return cachedTables;
}

function listOf(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function wholeNumberFlag(
  flag: string,
  given: string | undefined,
  minimum: number,
  maximum: number,
  fallback?: number,
): number {
  if (given === undefined) {
    if (fallback === undefined) throw new Error(`--${flag} is required`);
    return fallback;
  }
  const value = given.trim();
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < minimum || number > maximum)
    throw new Error(
      `--${flag} must be a whole number from ${minimum} to ${maximum}, got "${given}"`,
    );
  return number;
}

function kindFlag(flag: string, given: string | undefined): IntruderKind {
  if (given === undefined) throw new Error(`--${flag} is required`);
  const kinds = [...tables().intruderKinds.keys()];
  if (!kinds.includes(given as IntruderKind))
    throw new Error(`--${flag} must be one of ${kinds.join(', ')}, got "${given}"`);
  return given as IntruderKind;
}

/** Rethrows an error of the odds with the flag it came from. */
function fromFlag<T>(flag: string, compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof RangeError) throw new Error(`--${flag}: ${error.message}`);
    throw error;
  }
}

function deckFlag(discard: string | undefined) {
  return fromFlag('discard', () =>
    attackDeckWith(tables(), discard === undefined ? null : listOf(discard)),
  );
}

/** "an Adult", "a Creeper". */
function named(kind: string): string {
  return `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind.charAt(0).toUpperCase()}${kind.slice(1)}`;
}

function write(output: NodeJS.WritableStream, lines: string[]): void {
  output.write(`${lines.join('\n')}\n`);
}

function refuseOthers(flags: NemesisOddsFlags, allowed: readonly (keyof NemesisOddsFlags)[]) {
  for (const [flag, value] of Object.entries(flags)) {
    if (value === undefined || value === false || flag === 'json') continue;
    if (!allowed.includes(flag as keyof NemesisOddsFlags)) {
      const name = flag.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
      throw new Error(`--${name} does not apply to this question`);
    }
  }
}

/** `odds nemesis shoot` and `odds nemesis melee`. */
export function combatOddsCommand(
  attack: 'shoot' | 'melee',
  flags: NemesisOddsFlags,
  output: NodeJS.WritableStream,
): void {
  refuseOthers(
    flags,
    attack === 'shoot'
      ? ['weapon', 'intruder', 'injuries', 'discard', 'weaponRules', 'ammo']
      : ['intruder', 'injuries', 'discard'],
  );
  const kind = kindFlag('intruder', flags.intruder);
  const injuries = wholeNumberFlag('injuries', flags.injuries, 0, 20, 0);
  let weaponRules: WeaponRulesMode = 'engine';
  if (flags.weaponRules !== undefined) {
    if (flags.weaponRules !== 'engine' && flags.weaponRules !== 'card')
      throw new Error(`--weapon-rules must be engine or card, got "${flags.weaponRules}"`);
    weaponRules = flags.weaponRules;
  }
  if (attack === 'shoot' && flags.weapon === undefined) throw new Error('--weapon is required');
  const deck = deckFlag(flags.discard);
  const ammo = flags.ammo === undefined ? undefined : wholeNumberFlag('ammo', flags.ammo, 1, 20);
  const odds = fromFlag('weapon', () =>
    combatOdds(pack, tables(), {
      attack,
      weapon: flags.weapon,
      kind,
      injuries,
      deck,
      weaponRules,
      ...(ammo === undefined ? {} : { ammo }),
    }),
  );
  if (flags.json) {
    output.write(`${JSON.stringify(odds)}\n`);
    return;
  }
  const how = attack === 'shoot' ? `Shooting the ${flags.weapon} at` : 'A Melee Attack on';
  const lines = [
    `${how} ${named(kind)} with ${injuries} injur${injuries === 1 ? 'y' : 'ies'} (Attack deck: ${flags.discard === undefined ? 'discard pile unknown' : `${deck.drawPile.length} cards left`})`,
    ...barChart([
      { label: 'dead', p: odds.p_dead },
      { label: 'retreats', p: odds.p_retreats },
      { label: 'stays', p: odds.p_stays },
    ]),
    `  hit: ${percent(odds.p_hit)}`,
  ];
  if (attack === 'melee')
    lines.push(`  Serious Wound from a miss: ${percent(odds.p_serious_wound)}`);
  if (odds.p_fire > 0) lines.push(`  Fire in your room: ${percent(odds.p_fire)}`);
  if (attack === 'shoot' && odds.weapon_rules_left_out.length > 0)
    lines.push(`  weapon rules not counted: ${odds.weapon_rules_left_out.join(', ')}`);
  write(output, lines);
}

function bagFlag(flags: NemesisOddsFlags): BagQuestion {
  if (flags.bag !== undefined && flags.players !== undefined)
    throw new Error('--bag and --players cannot go together: --players means the bag at setup');
  if (flags.bag === undefined)
    return { kinds: setupBag(tables(), wholeNumberFlag('players', flags.players, 1, 5, 4)) };
  const parts = listOf(flags.bag);
  if (parts.length === 0) throw new Error('--bag lists no tokens');
  if (parts.every((part) => part.includes('='))) {
    const kinds: Record<string, number> = {};
    for (const part of parts) {
      const [kind, count] = part.split('=');
      kinds[kind!] = (kinds[kind!] ?? 0) + wholeNumberFlag(`bag ${kind}`, count, 0, 30);
    }
    return { kinds };
  }
  if (parts.some((part) => part.includes('=')))
    throw new Error('--bag takes token ids or kind=count pairs, not both');
  return { tokens: parts };
}

/** `odds nemesis encounter`. */
export function encounterOddsCommand(flags: NemesisOddsFlags, output: NodeJS.WritableStream): void {
  refuseOthers(flags, ['hand', 'bag', 'players']);
  const hand = wholeNumberFlag('hand', flags.hand, 0, 20);
  const bag = bagFlag(flags);
  const odds = fromFlag('bag', () => encounterOdds(tables(), bag, hand));
  if (flags.json) {
    output.write(`${JSON.stringify(odds)}\n`);
    return;
  }
  write(output, [
    `An Encounter with ${hand} card${hand === 1 ? '' : 's'} in hand (${odds.tokens_in_bag} tokens in the bag)`,
    'which token comes out:',
    ...barChart(odds.appears.map((entry) => ({ label: entry.kind, p: entry.p }))),
    'a Surprise Attack, by the Intruder that makes it:',
    ...barChart([
      ...odds.appears
        .filter((entry) => entry.kind !== 'blank')
        .map((entry) => ({ label: entry.kind, p: entry.p_surprise })),
      { label: 'any', p: odds.p_surprise },
    ]),
  ]);
}

/** `odds nemesis noise`. */
export function noiseOddsCommand(flags: NemesisOddsFlags, output: NodeJS.WritableStream): void {
  refuseOthers(flags, ['room', 'marked', 'slime']);
  const room = wholeNumberFlag('room', flags.room, 1, 99);
  const marked = listOf(flags.marked ?? '').map((number) =>
    wholeNumberFlag('marked', number, 1, 4),
  );
  const odds = fromFlag('room', () =>
    noiseRollOdds(tables(), { room, marked, slime: flags.slime === true }),
  );
  if (flags.json) {
    output.write(`${JSON.stringify(odds)}\n`);
    return;
  }
  write(output, [
    `A Noise roll in room ${room}, markers on exit${marked.length === 1 ? '' : 's'} ${marked.join(', ') || 'none'}${flags.slime ? ', slimed' : ''}`,
    ...barChart(odds.outcomes.map((entry) => ({ label: entry.outcome, p: entry.p }))),
  ]);
}

/** `odds nemesis escape`. */
export function escapeOddsCommand(flags: NemesisOddsFlags, output: NodeJS.WritableStream): void {
  refuseOthers(flags, ['intruders', 'serious', 'light', 'hand', 'discard']);
  if (flags.intruders === undefined) throw new Error('--intruders is required');
  const intruders = listOf(flags.intruders).map((kind) => kindFlag('intruders', kind));
  if (intruders.length === 0) throw new Error('--intruders lists no Intruder');
  if (intruders.length > 5)
    throw new Error('--intruders: at most 5, beyond which the exact sum takes too long');
  const seriousWounds = wholeNumberFlag('serious', flags.serious, 0, 3, 0);
  const lightWounds = wholeNumberFlag('light', flags.light, 0, 2, 0);
  const hand = wholeNumberFlag('hand', flags.hand, 0, 20, 0);
  const deck = deckFlag(flags.discard);
  const odds = escapeOdds(tables(), { intruders, seriousWounds, lightWounds, hand, deck });
  if (flags.json) {
    output.write(`${JSON.stringify(odds)}\n`);
    return;
  }
  write(output, [
    `Escaping from ${intruders.join(', ')} with ${seriousWounds} Serious and ${lightWounds} Light Wounds, ${hand} card${hand === 1 ? '' : 's'} in hand`,
    ...barChart([
      { label: 'survives', p: odds.p_survives },
      { label: 'dies', p: odds.p_dies },
    ]),
    'Serious Wounds afterwards:',
    ...barChart(
      odds.serious_wounds_after.map((entry) => ({ label: String(entry.serious), p: entry.p })),
    ),
  ]);
}
