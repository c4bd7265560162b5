import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  baseContent,
  bespokeRules,
  Condition,
  ContentError,
  conditionKinds,
  Effect,
  type EffectOf,
  effectKinds,
  forEachKindUse,
  type HandlerTable,
  handlerNames,
  Modifier,
  modifierKinds,
  parseContentPack,
  QuestTask,
  questTaskKinds,
  readContentFiles,
  triggersNamed,
  Use,
  unfiredTriggers,
  unhandledKinds,
  usedHandlers,
} from '../../src/content/index.js';
import { firedTriggers } from '../../src/flow/trigger-points.js';
import { createNemesis } from '../../src/ruleset.js';

const pack = baseContent();

type Json = Record<string, unknown>;

/** A fresh, editable copy of the base pack's raw JSON. */
function baseFiles(): Json {
  return structuredClone(readContentFiles());
}

function list(files: Json, file: string, key: string): Json[] {
  return (files[file] as Json)[key] as Json[];
}

function contentError(run: () => unknown): ContentError {
  try {
    run();
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
  throw new Error('expected a ContentError');
}

describe('the effect vocabulary', () => {
  it('reads its kinds from the schemas', () => {
    expect(effectKinds).toContain('choice');
    expect(effectKinds).toContain('enter-escape-pod');
    expect(modifierKinds).toContain('hand-slots');
    expect(conditionKinds).toContain('player-character-survives');
    expect(questTaskKinds).toEqual(['activate-in-room', 'discard-item']);
    expect(new Set(effectKinds).size).toBe(effectKinds.length);
  });

  it('gives every kind one handler name across the four families and the bespoke rules', () => {
    expect(new Set(handlerNames).size).toBe(handlerNames.length);
    expect(handlerNames).not.toContain('bespoke');
    expect(handlerNames).toContain('bespoke:decoy');
    expect(handlerNames).toHaveLength(
      effectKinds.length -
        1 +
        modifierKinds.length -
        1 +
        conditionKinds.length +
        2 +
        bespokeRules.length,
    );
  });

  it('holds no kind the base pack does not use', () => {
    expect(usedHandlers(pack)).toEqual([...handlerNames].sort());
  });

  it('parses every effect, modifier, condition and quest task the base pack uses', () => {
    const schemas = {
      effect: Effect,
      modifier: Modifier,
      condition: Condition,
      'quest-task': QuestTask,
    };
    let count = 0;
    forEachKindUse(pack, (use) => {
      count++;
      const parsed = schemas[use.family].safeParse(use.node);
      expect(parsed.success, `${use.file} ${String(use.path)}`).toBe(true);
    });
    expect(count).toBeGreaterThan(250);
  });

  it('parses every item use, room action and passive room of the raw files', () => {
    const files = baseFiles();
    for (const item of list(files, 'items.json', 'items')) {
      for (const use of item.uses as unknown[]) expect(Use.parse(use)).toEqual(use);
    }
    for (const room of list(files, 'rooms.json', 'rooms')) {
      if (room.action !== null) expect(Effect.parse(room.action)).toEqual(room.action);
      if (room.passive !== undefined) expect(Use.parse(room.passive)).toEqual(room.passive);
    }
    for (const card of list(files, 'objectives.json', 'cards')) {
      expect(Condition.parse(card.requirement)).toEqual(card.requirement);
    }
  });

  it('nests composites: a choice of sequences, a condition inside an only-if', () => {
    const taser = pack.lookup.item.taser?.uses[0];
    expect(taser).toMatchObject({ kind: 'action', effect: { kind: 'choice' } });
    const evac = pack.lookup.roomTile['evac-section-a']?.action;
    expect(evac).toEqual({
      kind: 'only-if',
      condition: {
        kind: 'all',
        of: [{ kind: 'pod-seat-free' }, { kind: 'no-intruder-in-room' }],
      },
      effect: {
        kind: 'sequence',
        steps: [
          { kind: 'noise-roll' },
          {
            kind: 'only-if',
            condition: { kind: 'no-intruder-in-room' },
            effect: { kind: 'enter-escape-pod' },
          },
        ],
      },
    });
  });
});

describe('a pack using a kind with no handler', () => {
  it('names nothing when every kind has a handler', () => {
    expect(unhandledKinds(pack, handlerNames)).toEqual([]);
  });

  it('names each unhandled kind once, with every place that uses it', () => {
    const handled = handlerNames.filter((name) => name !== 'blast' && name !== 'bespoke:decoy');
    expect(unhandledKinds(pack, handled)).toEqual([
      {
        handler: 'blast',
        family: 'effect',
        usedAt: [
          'items.json: items[1].uses[0].effect.effect',
          'items.json: items[31].uses[0].effect.effect.steps[1]',
        ],
      },
      {
        handler: 'bespoke:decoy',
        family: 'effect',
        usedAt: ['items.json: items[4].uses[0].effect'],
      },
    ]);
  });

  it('names conditions, modifiers and quest tasks too', () => {
    const handled = handlerNames.filter(
      (name) => !['ship-reaches', 'hand-slots', 'discard-item'].includes(name),
    );
    const missing = unhandledKinds(pack, handled).map((entry) => [entry.handler, entry.family]);
    expect(missing).toEqual([
      ['discard-item', 'quest-task'],
      ['ship-reaches', 'condition'],
      ['hand-slots', 'modifier'],
    ]);
  });

  it('with no handlers at all, names every kind the pack uses', () => {
    const missing = unhandledKinds(pack, []).map((entry) => entry.handler);
    expect(missing.sort()).toEqual(usedHandlers(pack));
  });
});

describe('a pack waiting for a trigger point no rule fires', () => {
  it('the base pack names only trigger points the rules fire', () => {
    expect(unfiredTriggers(pack, firedTriggers)).toEqual([]);
    expect(triggersNamed(pack).length).toBeGreaterThan(0);
  });

  it('is refused at load, naming the trigger and where: start-of-turn fires nowhere', () => {
    const files = baseFiles();
    const armor = list(files, 'items.json', 'items').findIndex((item) =>
      ((item.uses as Json[]) ?? []).some((use) => use.trigger === 'intruder-attack-on-you'),
    );
    const use = (list(files, 'items.json', 'items')[armor]!.uses as Json[]).find(
      (candidate) => candidate.trigger === 'intruder-attack-on-you',
    )!;
    use.trigger = 'start-of-turn';
    const edited = parseContentPack(files);
    expect(() => createNemesis(edited)).toThrow(
      new RegExp(
        `waits for trigger points no rule fires: start-of-turn, named at items\\.json: items\\[${armor}\\]\\.uses\\[\\d\\]`,
      ),
    );
  });
});

describe('bad effects are refused', () => {
  it('names file, JSON path and the kinds expected for an unknown effect kind', () => {
    const files = baseFiles();
    const use = list(files, 'items.json', 'items')[0]!.uses as Json[];
    ((use[0]!.effect as Json).options as Json[])[0]!.kind = 'refill';
    const error = contentError(() => parseContentPack(files));
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]).toMatchObject({
      file: 'items.json',
      path: 'items[0].uses[0].effect.options[0].kind',
    });
    expect(error.issues[0]?.message).toMatch(/Expected 'choice' \| 'sequence'.*'reload'/);
  });

  it('names a bad parameter deep inside a room action or an objective, all at once', () => {
    const files = baseFiles();
    list(files, 'rooms.json', 'rooms')[0]!.action = { kind: 'reload', weapon: 'plasma', amount: 2 };
    const requirement = list(files, 'objectives.json', 'cards')[0]!.requirement as Json;
    (requirement.of as Json[])[0] = { kind: 'ship-reaches', destination: 'pluto' };
    list(files, 'objectives.json', 'cards')[1]!.requirement = {
      kind: 'any',
      of: [{ kind: 'nest-destroyed' }],
    };
    const error = contentError(() => parseContentPack(files));
    expect(error.issues.map((issue) => `${issue.file}: ${issue.path}: ${issue.message}`)).toEqual([
      'rooms.json: rooms[0].action.weapon: Invalid option: expected one of "energy"|"classic"',
      'objectives.json: cards[0].requirement.of[0].destination: Invalid option: expected one of "earth"|"mars"|"venus"|"deep-space"',
      'objectives.json: cards[1].requirement.of: Too small: expected array to have >=2 items',
    ]);
  });

  it('refuses a bespoke rule the rules do not have', () => {
    const files = baseFiles();
    const decoy = list(files, 'items.json', 'items').find((item) => item.id === 'decoy')!;
    ((decoy.uses as Json[])[0]!.effect as Json).rule = 'teleport';
    const error = contentError(() => parseContentPack(files));
    expect(error.issues[0]?.path).toBe('items[4].uses[0].effect.rule');
    expect(error.issues[0]?.message).toContain('"decoy"');
  });

  it('refuses a "chosen" room with no choose-room around it, and a choose-room that never uses its pick', () => {
    const files = baseFiles();
    const rooms = list(files, 'rooms.json', 'rooms');
    const byId = (id: string) => rooms.find((room) => room.id === id)!;
    byId('armory').action = { kind: 'remove-fire', room: 'chosen' };
    byId('command-center').action = {
      kind: 'choose-room',
      from: 'any',
      needsTarget: false,
      effect: { kind: 'remove-fire', room: 'own' },
    };
    const error = contentError(() => parseContentPack(files));
    expect(error.issues.map((issue) => `${issue.file}: ${issue.path}: ${issue.message}`)).toEqual([
      'rooms.json: rooms[0].action.room: "chosen" needs an enclosing choose-room',
      'rooms.json: rooms[14].action: no effect inside acts on the chosen room',
    ]);
  });

  it('refuses references to rooms, items, weapons and players that do not exist', () => {
    const files = baseFiles();
    const items = list(files, 'items.json', 'items');
    const byId = (id: string) => items.find((item) => item.id === id)!;
    ((byId('ship-log').quest as Json).task as Json).room = 'bridge';
    ((byId('armor').quest as Json).task as Json).items = ['tools', 'hammer'];
    ((byId('chemicals').uses as Json[])[0]!.effect as Json).only = 'flame-gun';
    const grudge = list(files, 'objectives.json', 'cards').find(
      (card) => card.id === 'greener-pastures',
    )!;
    ((grudge.requirement as Json).of as Json[])[0] = {
      kind: 'player-character-survives',
      player: 4,
      survives: false,
    };
    const error = contentError(() => parseContentPack(files));
    expect(error.issues.map((issue) => `${issue.file}: ${issue.path}: ${issue.message}`)).toEqual([
      'items.json: items[12].uses[0].effect.only: "flame-gun" is not a weapon',
      'items.json: items[32].quest.task.room: "bridge" is not a room in rooms.json',
      'items.json: items[39].quest.task.items[1]: "hammer" is not an item in items.json',
      'objectives.json: cards[10].requirement.of[0].player: player 4 is not at a 2-player table',
    ]);
  });
});

describe('handler tables', () => {
  it('the compiler refuses a handler table that misses a kind', () => {
    const table = Object.fromEntries(
      handlerNames.map((name) => [name, name.length]),
    ) as HandlerTable<number>;
    const { blast: _blast, ...withoutBlast } = table;
    // @ts-expect-error a table without a handler for 'blast' is not a HandlerTable
    const incomplete: HandlerTable<number> = withoutBlast;
    expect(Object.keys(incomplete)).not.toContain('blast');
    expectTypeOf(table).toHaveProperty('bespoke:emergency-airlock');
    expectTypeOf<EffectOf<'reload'>['amount']>().toEqualTypeOf<number | 'full'>();
  });
});
