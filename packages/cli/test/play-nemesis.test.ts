import { PassThrough } from 'node:stream';
import { baseContent, createGlossary, createNemesis, type NemesisState } from '@tabletop/nemesis';
import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { buildMenu } from '../src/nemesis/menu.js';
import {
  createNemesisMatch,
  type PlayNemesisOptions,
  playMatch,
  playNemesis,
} from '../src/nemesis/play.js';
import { renderPlayers, renderSecrets, renderShip } from '../src/nemesis/render.js';
import { screenRule } from '../src/wrap.js';
import { runCli } from './helpers.js';

/** An output that hands each write to `onWrite` at once, while the match is still in the state that produced it. */
function recorder(onWrite: (text: string) => void = () => {}) {
  const chunks: string[] = [];
  const output = {
    write(text: string) {
      chunks.push(text);
      onWrite(text);
      return true;
    },
  } as NodeJS.WritableStream;
  return { output, text: () => chunks.join('') };
}

function piped(script: string): NodeJS.ReadableStream {
  const input = new PassThrough();
  input.end(script);
  return input;
}

/**
 * In these seeded games the Scout (a bot) acts first in the Hibernatorium,
 * so the Captain is first asked whether to interrupt: answering 2 passes
 * that window and every later one, and the next menu is the Captain's turn.
 */
const passEveryWindow = '2\n';

async function play(options: PlayNemesisOptions, script: string): Promise<string> {
  const { output, text } = recorder();
  await playNemesis({ input: piped(script), output }, options);
  return text();
}

/**
 * What a seat must never see: the ids and names of the other seats' hands and
 * Objectives (a name the seat's own deck also holds, like Search, proves
 * nothing and is skipped), any Contamination card id (it would tell whether
 * the card is infected), and the tile of a room still face down.
 */
function secretsLeakedTo(
  text: string,
  viewer: string | null,
  state: NemesisState,
  names: {
    card: (id: string) => string | undefined;
    objective: (id: string) => string | undefined;
    tile: (id: string) => string | undefined;
    deck: (character: string | null) => string[];
  },
): string[] {
  const leaks: string[] = [];
  // "the Technical Corridors" names a place on the board, and "Noise in Technical Corridors" an
  // Event card, not the Mechanic's Action card of that name.
  // A card played is shown to everyone: the log naming it ("plays the Order card", "(the Order
  // card)") may be read after its owner drew it again from a reshuffled deck.
  const cardText = text
    .replaceAll('the Technical Corridors', '')
    .replaceAll('Noise in Technical Corridors', '')
    .replace(/plays the [A-Z][\w' ]* card/g, '')
    .replace(/\(the [A-Z][\w' ]* card\)/g, '');
  const own = state.players.find((player) => player.seat === viewer);
  const ownNames = new Set(names.deck(own?.character ?? null));
  // The viewer's own cards may contain another card's name ("Basic Repairs" holds "Repairs").
  let othersText = cardText;
  for (const name of ownNames) othersText = othersText.replaceAll(name, '');
  for (const player of state.players) {
    if (player.seat === viewer) continue;
    for (const card of player.hand) {
      if (text.includes(card)) leaks.push(`seat ${player.seat}'s card id ${card}`);
      const name = names.card(card);
      if (name && !ownNames.has(name) && othersText.includes(name))
        leaks.push(`seat ${player.seat}'s card ${name}`);
    }
    // The victory check reveals every Objective: they are secret only until GAME OVER.
    const beforeTheEnd = text.split('GAME OVER')[0]!;
    for (const objective of player.objectives) {
      if (beforeTheEnd.includes(objective))
        leaks.push(`seat ${player.seat}'s objective id ${objective}`);
      const name = names.objective(objective);
      if (name && beforeTheEnd.includes(name))
        leaks.push(`seat ${player.seat}'s objective ${name}`);
    }
  }
  const contaminationId = /contamination-\d+/.exec(text);
  if (contaminationId) leaks.push(`a Contamination card id ${contaminationId[0]}`);
  // Where a room's tile could show: its line of the ship, the choices, the "YOU" line. The log is
  // left out because an Event card may share a room's name ("Nest").
  const lines = text.split('\n');
  const shipLines = lines.filter((line) => /^ {0,2}\d{1,2} .*-> /.test(line));
  const named = lines.filter((line) => /^ +\d+\) |^YOU: /.test(line));
  for (const room of state.rooms) {
    if (room.explored) continue;
    const line = shipLines.find((candidate) =>
      new RegExp(`^ {0,2}${room.number} `).test(candidate),
    );
    if (line && !new RegExp(`^ {0,2}${room.number} \\? `).test(line))
      leaks.push(`unexplored room ${room.number} shown as: ${line.trim()}`);
    const tile = names.tile(room.tile);
    if (!tile) continue;
    for (const candidate of [...shipLines, ...named])
      if (candidate.includes(`${tile} `) || candidate.includes(`(${tile})`))
        leaks.push(`unexplored room ${room.number}'s tile ${tile} in: ${candidate.trim()}`);
  }
  return leaks;
}

/** Plays with a script of answers, checking every write against the match's state at that moment. */
async function playWatched(options: PlayNemesisOptions, script: string) {
  const { match, glossary } = createNemesisMatch(options);
  const { tables } = glossary;
  const names = {
    card: (id: string) => tables.actionCards.get(id)?.name,
    objective: (id: string) => tables.objectives.get(id)?.name,
    tile: (id: string) => tables.roomTiles.get(id)?.name,
    deck: (character: string | null) =>
      (character ? (tables.characters.get(character)?.actionDeck ?? []) : []).map(
        (card) => tables.actionCards.get(card)?.name ?? card,
      ),
  };
  const leaks: string[] = [];
  let viewer: string | null = null;
  let screens = 0;
  const { output, text } = recorder((chunk) => {
    // "YOU: Player N": the Objectives' numbering, seat N-1.
    const you = /YOU: Player (\d+)/.exec(chunk);
    if (you) {
      viewer = String(Number(you[1]!) - 1);
      screens++;
    }
    // After a hand-over, what is printed (the older lines of the log above the screen) is the new seat's.
    const handOver = /Pass the terminal to seat (\d+)/.exec(chunk);
    if (handOver) viewer = handOver[1]!;
    leaks.push(...secretsLeakedTo(chunk, viewer, match.state, names));
  });
  await playMatch({ input: piped(script), output }, match, glossary, options);
  return { output: text(), leaks, screens, match };
}

describe('tabletop play nemesis', () => {
  it.each([
    ['random', 3],
    ['sensible', 5],
  ] as const)(
    'plays a bots-only game to its end with %s bots (%i players) and prints the result, every fate with its Objectives, and the final ship',
    async (bot, players) => {
      const output = await play({ players, humans: 0, seed: 'bots-only', bot }, '');
      expect(output).toContain('Round 1: Player Phase');
      expect(output).toContain('GAME OVER');
      expect(output).toMatch(/Survivors: /);
      // Every seat's fate, with the Objectives the victory check revealed.
      for (let seat = 0; seat < players; seat++)
        expect(output).toMatch(
          new RegExp(
            `^  seat ${seat} \\([^)]+\\): (escaped|survived|died)[^\\n]*; Objectives: \\S`,
            'm',
          ),
        );
      expect(output).toMatch(/^SHIP/m);
      expect(output).toMatch(/^ +21 /m);
      expect(output).not.toContain('Your choice');
    },
  );

  it('plays the cooperative variant to its end: one card per seat, face up, and the team’s verdict', async () => {
    const output = await play(
      { players: 3, humans: 1, seed: 'a team', bot: 'sensible', mode: 'cooperative' },
      '1\n'.repeat(5000),
    );
    expect(output).toContain('GAME OVER');
    expect(output).toMatch(/The team (wins|loses) together/);
    expect(output).toMatch(/The team's Objective .+ is (met|not met)/);
    expect(output).toContain("The team's Objectives, face up for all:");
    for (let seat = 0; seat < 3; seat++)
      expect(output).toMatch(new RegExp(`^  seat ${seat} \\([^)]+\\): .*; Objectives: \\S`, 'm'));
  });

  it('refuses the cooperative variant for one player, naming the way to the solo game', async () => {
    await expect(
      play({ players: 1, humans: 0, seed: 'alone', bot: 'sensible', mode: 'cooperative' }, ''),
    ).rejects.toThrow(/2 to 5 players; one player plays the solo game/);
  });

  it('plays a game with one human who always answers 1, and never shows them a secret', async () => {
    const { output, leaks, screens, match } = await playWatched(
      { players: 3, humans: 1, seed: 'always-one', bot: 'random' },
      '1\n'.repeat(5000),
    );
    expect(leaks).toEqual([]);
    expect(screens).toBeGreaterThan(10);
    expect(match.result()).not.toBeNull();
    expect(output).toContain('GAME OVER');
    expect(output).not.toContain('The input ended');
    // Each log line is printed once: on the next screen, or above it when there are many.
    for (let round = 1; round <= match.state.round; round++)
      expect(output.split(`Round ${round}: Player Phase;`).length - 1).toBe(1);
  });

  it('fits an 80-column terminal, the seat’s own hand and items just above each question', async () => {
    const { output } = await playWatched(
      { players: 3, humans: 1, seed: 'narrow', bot: 'random' },
      '1\n'.repeat(5000),
    );
    const wide = output.split('\n').filter((line) => line.length > 80 && line.trim().includes(' '));
    expect(wide).toEqual([]);
    const screens = output.split(screenRule).slice(1, -1);
    expect(screens.length).toBeGreaterThan(10);
    for (const screen of screens) {
      const you = screen.indexOf('\nYOU: ');
      expect(you).toBeGreaterThan(screen.indexOf('SINCE YOU LAST LOOKED'));
      expect(screen.slice(you)).toMatch(/Items?: /);
    }
  });

  it('hides each hot-seat player from the other, with a hand-over screen between them', async () => {
    const { output, leaks, screens } = await playWatched(
      { players: 3, humans: 2, seed: 'hot-seat', bot: 'random' },
      '1\n'.repeat(5000),
    );
    expect(leaks).toEqual([]);
    expect(screens).toBeGreaterThan(5);
    expect(output).toContain('Pass the terminal to seat 1');
    expect(output).toContain('Pass the terminal to seat 0');
  });

  it('answers bad input with a clear message and asks the same question again', async () => {
    const output = await play(
      { players: 2, humans: 1, seed: 'typos', bot: 'random', characters: ['captain', 'scout'] },
      'seven\n99\n\n0\nq\n',
    );
    const question = /^Your choice \(1-\d+, r table, u undo, h help, q quit\): /m.exec(output)?.[0];
    expect(question).toBeDefined();
    expect(output).toContain('"seven" is not a number');
    expect(output).toContain('There is no choice 99');
    expect(output).toContain('There is no choice 0');
    expect(output).toContain('Please type the number of your choice');
    // The first question, then once more after each of the four bad answers.
    expect(output.split(question!).length - 1).toBe(5);
    expect(output).toContain('You left the game');
  });

  it('takes back an answer on u when the rules allow it, and says why not otherwise', async () => {
    const output = await play(
      { players: 2, humans: 1, seed: 'undo', bot: 'random', characters: ['captain', 'scout'] },
      '1\nu\nu\nq\n',
    );
    const lines = output.split('\n');
    const takenBack = lines.indexOf('You take back your last answer.');
    expect(takenBack).toBeGreaterThan(
      lines.findIndex((line) => /which room do you move to/.test(line)),
    );
    // The first question comes again once the answer is taken back.
    expect(output.split('choose your first action, or pass').length - 1).toBe(2);
    expect(output).toContain('Nothing taken back: no action has been taken.');
  });

  it('shows the help on h and the table again on r, then asks again', async () => {
    const output = await play(
      { players: 2, humans: 1, seed: 'help', bot: 'random', characters: ['captain', 'scout'] },
      'h\nr\nq\n',
    );
    expect(output).toContain('Commands at any question');
    expect(output.match(/^SHIP/gm)?.length).toBe(2);
    expect(output).toContain('You left the game');
  });

  it('stops cleanly when the input ends before the game does, with a failing exit code', async () => {
    const result = await runCli(
      ['play', 'nemesis', '--players', '2', '--humans', '1', '--seed', 'eof', '--bot', 'random'],
      '1\n',
    );
    expect(result.output).toContain('The input ended before the game did');
    expect(result.output).not.toContain('GAME OVER');
    expect(result.exitCode).toBe(1);
  });

  it('offers one line per action, never every way to pay', async () => {
    const output = await play(
      { players: 2, humans: 1, seed: 'menus', bot: 'random', characters: ['captain', 'scout'] },
      `${passEveryWindow}q\n`,
    );
    const choices = output.slice(output.lastIndexOf('SINCE YOU LAST LOOKED'));
    const lines = choices.split('\n').filter((line) => /^ +\d+\) /.test(line));
    // The hand of five could pay each move in several ways: the room and the cards come later, one at a time.
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.length).toBeLessThan(10);
    expect(lines.at(-1)).toMatch(/Pass/);
    expect(new Set(lines.map((line) => line.replace(/^ +\d+\) /, ''))).size).toBe(lines.length);
  });
  it('asks the next choice of an action under way without drawing the table again', async () => {
    const output = await play(
      { players: 2, humans: 1, seed: 'menus', bot: 'random', characters: ['captain', 'scout'] },
      `${passEveryWindow}1\nq\n`,
    );
    expect(output).toMatch(/1\) Move to a neighbouring room/);
    expect(output).toContain('Captain: which room do you move to?');
    // One table for the window, one for the turn; none again for the room.
    expect(output.match(/^SHIP/gm)).toHaveLength(2);
    expect(output.slice(output.lastIndexOf('SHIP'))).toContain('which room do you move to?');
  });

  it('lets a player pass, discarding cards one at a time until they keep the rest', async () => {
    const options: PlayNemesisOptions = {
      players: 2,
      humans: 1,
      seed: 'discard',
      bot: 'random',
      characters: ['captain', 'scout'],
    };
    // The first question is the first action: Pass is the last option. Then each card to
    // discard is one question, the first option keeping the rest of the hand.
    const pass = (await firstMenu(options)).length;
    const { match, glossary } = createNemesisMatch(options);
    const { output, text } = recorder();
    await playMatch(
      { input: piped(`${passEveryWindow}${pass}\n9\n2\n2\n1\nq\n`), output },
      match,
      glossary,
      options,
    );
    expect(text()).toContain('There is no choice 9');
    expect(text()).toContain('Discard nothing more: keep the rest of your hand');
    expect(text()).toMatch(/Captain passes and discards 2 card/);
  });
});

describe('the screen and the choices, in a built situation', () => {
  // The Soldier stands in the explored Nest with an Adult, holding three Action cards and a
  // Contamination card; room 2 is still face down.
  const table = scenario({ players: 2, characters: ['captain', 'soldier'] })
    .room(18, { tile: 'nest', explored: true })
    .character('1', {
      room: 18,
      hand: ['soldier-search-1', 'soldier-search-2', 'soldier-rest', 'contamination-01'],
    })
    .intruder('adult', 18)
    .firstEncounterDone()
    .turn('1')
    .build();
  const glossary = createGlossary(table.tables, baseContent());
  const { describe: words } = table.ruleset;
  const view = table.view('1');
  const menu = buildMenu('Soldier: choose', table.legal('1'), view, words);
  const labels = menu.options.map((option) => option.label);
  const adult = table.intruders(18)[0]!;
  /** The menu of the question asked after `answers`, on a copy of the table. */
  const menuAfter = (...answers: Parameters<typeof table.act>[1][]) => {
    const copy = structuredClone(table.state);
    for (const answer of answers) {
      const outcome = table.ruleset.apply(copy, '1', answer);
      if (!outcome.ok) throw new Error(outcome.rejection.message);
    }
    return buildMenu(
      '',
      table.ruleset.legalActions(copy, '1'),
      table.ruleset.view(copy, '1'),
      words,
    );
  };

  it('names the weapon and its ammo, then the target, then each card that may pay', () => {
    expect(labels[0]).toBe('Shoot');
    const weapons = menuAfter({ type: 'shoot' }).options.map((option) => option.label);
    expect(weapons).toEqual(['With the Assault Rifle (5/5 ammo)']);
    const targets = menuAfter({ type: 'shoot' }, { type: 'weapon', weapon: 'assault-rifle' });
    // The Nest's own eggs lie in the room too.
    expect(targets.options.map((option) => option.label)).toEqual([
      `Attack Adult #${adult.id}`,
      'Attack the eggs',
    ]);
    const pay = menuAfter(
      { type: 'shoot' },
      { type: 'weapon', weapon: 'assault-rifle' },
      { type: 'target', target: adult.id },
    );
    // Two Search cards read the same and do the same: one line. The Contamination card never pays.
    expect(pay.options.map((option) => option.label)).toEqual(['Discard Search', 'Discard Rest']);
  });
  it('offers only Combat actions in Combat, and says an escape risks the attack', () => {
    expect(labels.some((label) => label.startsWith('Careful move'))).toBe(false);
    expect(labels.filter((label) => label.startsWith('Escape'))).not.toHaveLength(0);
    expect(labels.every((label) => !label.startsWith('Escape') || label.includes('risking'))).toBe(
      true,
    );
  });

  it('lets a pass throw away the Contamination, shown only as Contamination', () => {
    const pass = menu.options.at(-1)!;
    expect(pass.label).toBe('Pass (you may discard cards)');
    const discards = menuAfter({ type: 'pass' });
    expect(discards.options.map((option) => option.label)).toEqual([
      'Discard nothing more: keep the rest of your hand',
      'Discard Search',
      'Discard Rest',
      'Discard Contamination',
    ]);
    expect(renderSecrets(view, glossary)).toContain(
      'Hand (4): Search, Search, Rest, Contamination',
    );
    expect(JSON.stringify(discards)).not.toMatch(/"label":"[^"]*contamination-01/);
  });
  it('draws the ship with the Nest and its eggs, the Intruder by kind and id, and ? for face-down rooms', () => {
    const ship = renderShip(view, glossary).split('\n');
    const nest = ship.find((line) => /^ 18 /.test(line))!;
    expect(nest).toMatch(/^ 18 Nest +/);
    expect(nest).toContain('Soldier');
    expect(nest).toContain(`Adult #${adult.id}`);
    expect(nest).toMatch(/\d+ eggs? in the Nest/);
    // Each exit shows the Noise die's numbers that lead there, then the room.
    expect(ship.find((line) => /^ {2}2 /.test(line))).toMatch(/^ {2}2 \? +-> 3:1, 4:6, 1\/2:tech$/);
  });

  it('names corridors in log lines by the rooms they join, as the ship does', () => {
    expect(
      createNemesis().describe.event(
        { type: 'door-closed', audience: 'all', text: 'A door closes in corridor 0', corridor: 0 },
        view,
      ),
    ).toBe('A door closes in corridor 1-2');
  });
});

describe('tabletop play nemesis options', () => {
  it('refuses more humans than players, naming the limit', async () => {
    await expect(play({ players: 2, humans: 3, seed: 'x', bot: 'sensible' }, '')).rejects.toThrow(
      /--humans must be from 0 to the number of players \(2\)/,
    );
  });

  it('refuses an unknown character with the option that named it', async () => {
    await expect(
      play({ players: 1, humans: 0, seed: 'x', bot: 'sensible', characters: ['janitor'] }, ''),
    ).rejects.toThrow(/characters/);
  });
});

/** The options of the first menu a human sees in a game. */
async function firstMenu(options: PlayNemesisOptions): Promise<string[]> {
  const output = await play(options, `${passEveryWindow}q\n`);
  const from = output.lastIndexOf('SINCE YOU LAST LOOKED');
  return output
    .slice(from)
    .split('\n')
    .filter((line) => /^ +\d+\) /.test(line));
}

describe('the terminal and Room Actions', () => {
  const nemesis = createNemesis();
  const glossary = createGlossary(nemesis.tables, baseContent());
  const table = scenario({ players: 2 })
    .room(6, { tile: 'comms-room', explored: true, explorationToken: null })
    .character('0', { room: 6 })
    .build(nemesis);
  const view = table.view('0');

  it("shows the reader's room action with its cost", () => {
    expect(renderSecrets(view, glossary)).toContain('Room Action here: Send signal (2 cards)');
  });

  it('says why the room action cannot be taken while the room malfunctions', () => {
    const broken = scenario({ players: 2 })
      .room(6, { tile: 'comms-room', explored: true, explorationToken: null, malfunction: true })
      .character('0', { room: 6 })
      .build(nemesis);
    expect(broken.legal('0')).not.toContainEqual({ type: 'room-action' });
    expect(renderSecrets(broken.view('0'), glossary)).toContain(
      'Room Action here (not while the room malfunctions): Send signal (2 cards)',
    );
  });

  it('says an Evac Section ends the turn in the pod, and why it is shut when its pods are locked or gone', () => {
    const evac = () =>
      scenario({ players: 2 })
        .room(6, { tile: 'evac-section-a', explored: true, explorationToken: null })
        .character('0', { room: 6 });
    const open = evac()
      .with((state) => {
        for (const pod of state.pods) pod.locked = false;
      })
      .build(nemesis);
    expect(open.legal('0')).toContainEqual({ type: 'room-action' });
    expect(renderSecrets(open.view('0'), glossary)).toContain(
      'Room Action here: Noise roll, then Enter escape pod: you pass, and may launch at the start of your next turn (2 cards)',
    );
    const shut = evac()
      .with((state) => {
        for (const pod of state.pods) {
          pod.locked = pod.section === 'A' && pod.number % 2 === 0;
          pod.launched = pod.section === 'A' && pod.number % 2 === 1;
        }
      })
      .build(nemesis);
    expect(shut.legal('0')).not.toContainEqual({ type: 'room-action' });
    expect(renderSecrets(shut.view('0'), glossary)).toContain(
      'Room Action here (not now: every Escape Pod of section A is locked or launched)',
    );
  });

  it('names the room action in the menu with its cost', () => {
    const menu = buildMenu('choose', table.legal('0'), view, nemesis.describe);
    expect(menu.options.map((option) => option.label)).toContain(
      'Room Action of the Comms Room: Send signal (2 cards)',
    );
  });
});

describe('the terminal and Items', () => {
  const nemesis = createNemesis();
  const glossary = createGlossary(nemesis.tables, baseContent());
  const table = scenario({ players: 2 })
    .room(6, { tile: 'storage', explored: true, explorationToken: null, itemCounter: 2 })
    .character('0', {
      room: 6,
      hand: ['captain-search-1', 'captain-rest', 'captain-order'],
      items: ['medkit', 'fire-extinguisher'],
    })
    .build(nemesis);

  it('shows the reader’s items with what each does', () => {
    const text = renderSecrets(table.view('0'), glossary);
    const medkit = nemesis.tables.items.get('medkit')!;
    expect(text).toContain(`Item: Medkit, one use (${medkit.summary})`);
    expect(text).toContain('Item: Fire Extinguisher, Heavy');
  });

  it('shows the reader’s wounds, each Serious Wound with what it does until dressed', () => {
    const wounded = scenario({ players: 2 })
      .character('0', { lightWounds: 1, seriousWounds: ['hand-1'] })
      .build();
    const text = renderSecrets(wounded.view('0'), glossary);
    expect(text).toContain(
      `Wounds: 1 Light Wound; Hand Wound (${glossary.seriousWoundSummary('hand-1')})`,
    );
    expect(glossary.seriousWoundSummary('hand-1')).toMatch(/item action/);
  });

  it('shows the reader’s Action deck: cards to draw, the discard pile, and their Contamination cards in sight', () => {
    const contaminated = scenario({ players: 2 })
      .character('0', { hand: ['captain-rest', 'contamination-01'] })
      .build();
    const own = contaminated.view('0').players[0]!;
    expect(renderSecrets(contaminated.view('0'), glossary)).toContain(
      `Action deck: ${own.deckSize} cards to draw, 0 in the discard pile; Contamination: 1 in hand, 0 in the discard pile`,
    );
    contaminated.act('0', { type: 'pass' });
    contaminated.act('0', { type: 'card', card: 'contamination-01' });
    contaminated.act('0', { type: 'done' });
    const after = contaminated.view('0').players[0]!;
    expect(after.discardPile.length).toBeGreaterThan(0);
    expect(renderSecrets(contaminated.view('0'), glossary)).toContain(
      `Action deck: ${after.deckSize} cards to draw, ${after.discardPile.length} in the discard pile; Contamination: 0 in hand, 1 in the discard pile`,
    );
    expect(renderSecrets(table.view('0'), glossary)).toMatch(
      /Action deck: \d+ cards to draw, 0 in the discard pile\n/,
    );
  });

  it('says a character waiting in an Escape Pod is in a pod, in plain words', () => {
    const waiting = scenario({ players: 2 })
      .character('1', { status: 'in-pod', room: 2 })
      .with((state) => {
        state.players[1]!.pod = 1;
        state.pods[0]!.locked = false;
        state.pods[0]!.occupants = ['1'];
      })
      .build();
    expect(renderSecrets(waiting.view('1'), glossary)).toContain(
      'YOU: Player 2 (Soldier) (in a pod)',
    );
    const characters = renderPlayers(waiting.view('0'), glossary);
    expect(characters).toContain('in Escape Pod 1');
    expect(characters).not.toContain('in-pod');
  });

  it('names each seat by the Player number the Objectives use for it', () => {
    const text = renderPlayers(table.view('1'), glossary);
    expect(text).toContain('Player 1 (Captain) ');
    expect(text).toContain('Player 2 (Soldier) (you)');
    expect(text).not.toMatch(/\bseat \d/);
  });

  it('ticks each condition of my Objective as far as I can tell, and the Signal once sent', () => {
    const investigator = scenario({ players: 2 })
      .with((state) => {
        state.players[0]!.objectives = ['relentless-investigator'];
      })
      .character('0', { signal: true })
      .build();
    const text = renderSecrets(investigator.view('0'), glossary);
    expect(text).toContain('[x] You sent the Signal');
    expect(text).toMatch(/\[ \] Every room is explored \(\d+\/21 explored so far\)/);
  });

  it('says how a dead character died', () => {
    const fallen = scenario({ players: 2 })
      .with((state) => {
        state.players[1]!.status = 'dead';
        state.players[1]!.death = { cause: 'the Fire', room: 11, round: 2 };
      })
      .build();
    expect(renderPlayers(fallen.view('0'), glossary)).toContain(
      'dead: the Fire (round 2, room 11)',
    );
  });

  it('shows the others how many items a player holds and only the Heavy ones by name', () => {
    const text = renderPlayers(table.view('1'), glossary);
    expect(text).toContain('2 items (in hand: Fire Extinguisher)');
    expect(text).not.toContain('Medkit');
  });

  it('names Search and the item action in the menu', () => {
    const menu = buildMenu('choose', table.legal('0'), table.view('0'), nemesis.describe);
    const labels = menu.options.map((option) => option.label);
    expect(labels).toContain(
      'Play a Search card: draw 2 from the red Item deck, keep 1 (2 items left to find here)',
    );
    expect(labels).toContain('Drop a heavy object or Heavy Item (free, not an action)');
  });
});
