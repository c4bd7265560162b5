import {
  attackDeckWith,
  baseContent,
  combatOdds,
  createNemesis,
  escapeOdds,
} from '@tabletop/nemesis';
import { describe, expect, it } from 'vitest';
import {
  combatOddsCommand,
  encounterOddsCommand,
  escapeOddsCommand,
  type NemesisOddsFlags,
  noiseOddsCommand,
} from '../src/nemesis/odds.js';
import { recording, runCli } from './helpers.js';

function run(
  command: (flags: NemesisOddsFlags, output: NodeJS.WritableStream) => void,
  flags: NemesisOddsFlags,
): string {
  const output = recording();
  command(flags, output.stream);
  return output.text();
}

const shoot = (flags: NemesisOddsFlags, output: NodeJS.WritableStream) =>
  combatOddsCommand('shoot', flags, output);
const melee = (flags: NemesisOddsFlags, output: NodeJS.WritableStream) =>
  combatOddsCommand('melee', flags, output);
const tables = createNemesis().tables;

describe('tabletop odds nemesis', () => {
  it('shoot --json prints the exact odds as one object, with no bars', () => {
    const text = run(shoot, { weapon: 'shotgun', intruder: 'adult', injuries: '1', json: true });
    expect(text.trim().split('\n')).toHaveLength(1);
    expect(text).not.toContain('█');
    const odds = JSON.parse(text);
    const exact = combatOdds(baseContent(), tables, {
      attack: 'shoot',
      weapon: 'shotgun',
      kind: 'adult',
      injuries: 1,
      deck: attackDeckWith(tables, null),
    });
    expect(odds.p_dead).toBe(exact.p_dead);
    expect(odds.weapon_rules).toBe('engine');
  });

  it('shoot draws a bar for each outcome, counting the weapon’s rules as the engine does', () => {
    const text = run(shoot, { weapon: 'shotgun', intruder: 'adult', injuries: '1' });
    // The Shotgun's extra Injury on a hit: without it the Adult would die 8.33% of the time.
    expect(text).toMatch(/dead +█+.*19\.17%/);
    expect(text).not.toContain('not counted');
    const card = run(shoot, {
      weapon: 'shotgun',
      intruder: 'adult',
      injuries: '1',
      weaponRules: 'card',
    });
    expect(card).toMatch(/dead +█+.*19\.17%/);
  });

  it('shoot with the Flamethrower gives the chance of Fire in the shooter’s room', () => {
    expect(run(shoot, { weapon: 'flamethrower', intruder: 'adult' })).toContain(
      'Fire in your room: 16.67%',
    );
  });

  it('melee gives the Serious Wound a miss costs', () => {
    expect(run(melee, { intruder: 'adult' })).toContain('Serious Wound from a miss: 50.00%');
  });

  it('encounter, noise and escape print their figures', () => {
    expect(run(encounterOddsCommand, { hand: '2', players: '4' })).toMatch(/any +█+.*40\.48%/);
    expect(run(noiseOddsCommand, { room: '2', marked: '3' })).toMatch(/encounter +█+.*20\.00%/);
    const survival = JSON.parse(
      run(escapeOddsCommand, { intruders: 'adult,creeper', serious: '1', light: '2', json: true }),
    );
    expect(survival.p_survives).toBe(
      escapeOdds(tables, {
        intruders: ['adult', 'creeper'],
        seriousWounds: 1,
        lightWounds: 2,
        hand: 0,
        deck: attackDeckWith(tables, null),
      }).p_survives,
    );
  });

  it('a bad flag gets an error that names it', () => {
    expect(() => run(shoot, { intruder: 'adult' })).toThrow(/--weapon/);
    expect(() => run(shoot, { weapon: 'laser', intruder: 'adult' })).toThrow(/--weapon.*laser/);
    expect(() => run(shoot, { weapon: 'shotgun', intruder: 'dog' })).toThrow(/--intruder/);
    expect(() => run(shoot, { weapon: 'shotgun', intruder: 'adult', injuries: '-1' })).toThrow(
      /--injuries/,
    );
    expect(() =>
      run(shoot, { weapon: 'shotgun', intruder: 'adult', weaponRules: 'house' }),
    ).toThrow(/--weapon-rules/);
    expect(() => run(shoot, { weapon: 'prototype-rifle', intruder: 'adult', ammo: '0' })).toThrow(
      /--ammo/,
    );
    expect(() => run(melee, { intruder: 'adult', discard: 'bite-1,bite-1' })).toThrow(/--discard/);
    expect(() => run(encounterOddsCommand, {})).toThrow(/--hand/);
    expect(() => run(encounterOddsCommand, { hand: '1', bag: 'adult=2', players: '3' })).toThrow(
      /--bag/,
    );
    expect(() => run(encounterOddsCommand, { hand: '1', bag: 'ghost=1' })).toThrow(/--bag/);
    expect(() => run(noiseOddsCommand, { room: '99' })).toThrow(/--room/);
    expect(() => run(noiseOddsCommand, { room: '2', marked: '9' })).toThrow(/--marked/);
    expect(() => run(escapeOddsCommand, { intruders: 'adult,yeti' })).toThrow(/--intruders/);
    expect(() => run(escapeOddsCommand, { intruders: 'adult', serious: '4' })).toThrow(/--serious/);
  });

  it('runs from the command line', async () => {
    const result = await runCli([
      'odds',
      'nemesis',
      'noise',
      '--room',
      '2',
      '--marked',
      '3,4',
      '--json',
    ]);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.output).p_encounter).toBeCloseTo(0.4, 12);
  });
});
