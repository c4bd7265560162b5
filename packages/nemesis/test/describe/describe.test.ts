import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

// Seat 0 (the Captain) stands in the Hibernatorium (room 11); room 6 next door is still face down.
describe('The words a person reads', () => {
  it('an action names a face-down room as unexplored, never by its hidden tile', () => {
    const table = scenario({ players: 2 }).room(6, { tile: 'storage', explored: false }).build();
    table.act('0', { type: 'move' });
    const view = table.view('0');
    expect(table.legal('0')).toContainEqual({ type: 'room', room: 6 });
    const words = table.ruleset.describe.action({ type: 'room', room: 6 }, view);
    expect(words).toBe('Move to room 6 (unexplored)');
    expect(words).not.toContain('Storage');
  });

  it('a Contamination card reads as Contamination until its owner scans it, then as what the scan showed', () => {
    const table = scenario({ players: 2 })
      .character('0', { hand: ['captain-rest', 'contamination-01'] })
      .build();
    table.act('0', { type: 'pass' });
    const discard = { type: 'card' as const, card: 'contamination-01' };
    expect(table.legal('0')).toContainEqual(discard);
    expect(table.ruleset.describe.action(discard, table.view('0'))).toBe('Discard Contamination');
    table.player('0').scanned.push('contamination-01');
    const infected = table.state.infectedContamination.includes('contamination-01');
    expect(table.ruleset.describe.action(discard, table.view('0'))).toBe(
      `Discard Contamination (${infected ? 'INFECTED' : 'clean'})`,
    );
  });

  it('a weapon answer says what is done with it: reloaded or fitted, with its ammo and capacity', () => {
    const table = scenario({ players: 2 })
      .character('0', {
        items: ['extended-magazine'],
        weapons: [
          { id: 'six-shooter', ammo: 6 },
          { id: 'prototype-pistol', ammo: 1 },
          { id: 'assault-rifle', ammo: 2 },
        ],
      })
      .build();
    const pistol = { type: 'weapon' as const, weapon: 'prototype-pistol' };
    table.resolve({
      kind: 'effect',
      seat: '0',
      effect: { kind: 'reload', weapon: 'energy', amount: 2 },
      room: 11,
      chosen: null,
      source: 'the Armory',
    });
    expect(table.legal('0')).toContainEqual(pistol);
    expect(table.ruleset.describe.action(pistol, table.view('0'))).toBe(
      'Reload the Prototype Pistol (1/3 ammo)',
    );
    table.act('0', pistol);
    table.resolve({
      kind: 'effect',
      seat: '0',
      effect: { kind: 'attach-to-weapon', weapon: 'energy', capacity: 2, ammo: 2 },
      room: 11,
      chosen: null,
      source: 'the Extended Magazine',
    });
    expect(table.ruleset.describe.action(pistol, table.view('0'))).toBe(
      'Fit it to the Prototype Pistol (3/3 ammo)',
    );
  });

  it('a prompt reads as the rules asked it', () => {
    const table = scenario({ players: 2 }).turn('0').build();
    const view = table.view('0');
    const prompt = view.prompts[0]!;
    expect(table.ruleset.describe.prompt(prompt, view)).toBe(prompt.text);
    expect(prompt.text).toMatch(/^Captain: choose your first action, or pass$/);
  });

  it('an event names a corridor by the rooms it joins, as the ship does', () => {
    const table = scenario({ players: 2 }).build();
    const event = {
      type: 'door-closed',
      audience: 'all' as const,
      text: 'A door closes in corridor 0',
      corridor: 0,
    };
    expect(table.ruleset.describe.event(event, table.view('0'))).toBe(
      'A door closes in corridor 1-2',
    );
  });
});
