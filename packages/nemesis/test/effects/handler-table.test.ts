import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { baseContent, handlerNames } from '../../src/content/index.js';
import { parseContentPack, readContentFiles } from '../../src/content/load.js';
import { handlerTable, notBuiltIn } from '../../src/effects/handler-table.js';
import { refuseUnhandledKinds } from '../../src/effects/refuse-unhandled.js';
import { createNemesis } from '../../src/ruleset.js';

describe('The effect handler table', () => {
  it('has one handler for every kind of the vocabulary, bespoke rules by name', () => {
    expect(Object.keys(handlerTable).sort()).toEqual([...handlerNames].sort());
  });

  it('a pack using a kind with no handler is refused, naming the kind and where it is used', () => {
    const handled = Object.keys(handlerTable).filter((name) => name !== 'send-signal');
    expect(() => refuseUnhandledKinds(baseContent(), handled)).toThrow(
      /send-signal \(effect\), used at rooms\.json/,
    );
  });

  it('the base pack is accepted: every kind it uses has a handler', () => {
    expect(() => refuseUnhandledKinds(baseContent())).not.toThrow();
  });

  it('a rule not built yet says so, nested parts included', () => {
    expect(notBuiltIn({ kind: 'send-signal' })).toBeNull();
    expect(
      notBuiltIn({
        kind: 'sequence',
        steps: [
          { kind: 'remove-slime' },
          {
            kind: 'only-if',
            condition: { kind: 'ship-reaches', destination: 'earth' },
            effect: { kind: 'send-signal' },
          },
        ],
      }),
    ).toMatch(/^ship-reaches: not built during play/);
  });

  it('a Room Action whose rule is not built is never offered, and refuses when named', () => {
    // Every room of the base pack is built: a pack whose Storage asks what no rule reads during play.
    const files = readContentFiles();
    const rooms = files['rooms.json'] as { rooms: { id: string; action: unknown }[] };
    rooms.rooms.find((room) => room.id === 'storage')!.action = {
      kind: 'only-if',
      condition: { kind: 'ship-reaches', destination: 'earth' },
      effect: { kind: 'send-signal' },
    };
    const table = scenario({ players: 2 })
      .room(6, { tile: 'storage', explored: true })
      .character('0', { room: 6 })
      .build(createNemesis(parseContentPack(files)));
    expect(table.legal('0').map((action) => action.type)).not.toContain('room-action');
    const outcome = table.tryAct('0', { type: 'room-action' });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.rejection.code).toBe('not-built');
  });
});
