import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { RunningServer } from '@tabletop/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinMatch, parseMatchUrl } from '../src/join.js';
import { serve } from '../src/serve.js';
import { recording, runCli } from './helpers.js';

let data: string;
let server: RunningServer;

beforeAll(async () => {
  data = mkdtempSync(join(tmpdir(), 'tabletop-join-'));
  server = await serve(new PassThrough(), { port: 0, host: '127.0.0.1', data });
});

afterAll(async () => {
  await server?.close();
  rmSync(data, { recursive: true, force: true });
});

/** A player at the keyboard: lines typed when asked for, and what the screen shows. */
function player() {
  const input = new PassThrough();
  const screen = recording();
  return {
    io: { input, output: screen.stream },
    text: screen.text,
    type: (lines: string[]) => input.write(lines.map((line) => `${line}\n`).join('')),
    end: () => input.end(),
    /** Resolves once the screen shows `pattern` (after `from` characters). */
    async sees(pattern: RegExp, from = 0): Promise<void> {
      for (let waited = 0; waited < 20_000; waited += 20) {
        if (pattern.test(screen.text().slice(from))) return;
        await new Promise((done) => setTimeout(done, 20));
      }
      throw new Error(`the screen never showed ${pattern}:\n${screen.text().slice(-800)}`);
    },
  };
}

/** Creates a match; its first human seat's link, as its creator hands it out. */
async function createdMatch(ruleset: string, body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${server.url}/matches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ruleset, ...body }),
  });
  const created = (await response.json()) as { invitations: { link: string }[] };
  return `${server.url}${created.invitations[0]!.link}`;
}

describe('tabletop join', () => {
  it('creates a duel against a bot, plays seat 0 to the end, and shows the seed only then', async () => {
    const me = player();
    me.type(Array.from({ length: 100 }, () => '1'));
    me.end();
    await joinMatch(me.io, server.url, { create: 'duel', bots: '1=random' });
    const text = me.text();
    expect(text).toMatch(/Match created: http:\/\/127\.0\.0\.1:\d+\/matches\//);
    expect(text).toContain('You have seat 0 of this duel match');
    expect(text).toMatch(/Seat 0: seat 0 to roll the die/);
    const over = text.indexOf('GAME OVER');
    expect(over).toBeGreaterThan(0);
    expect(text.slice(over)).toMatch(/seat [01] wins the duel/);
    const seed = /Seed "([0-9a-f]{64})"/.exec(text.slice(over))?.[1];
    expect(seed).toBeDefined();
    expect(text.slice(0, over)).not.toContain(seed);
  });

  it('--create prints a labelled join link for each other human seat, which takes that seat once, and keeps its own seat', async () => {
    const me = player();
    const playing = joinMatch(me.io, server.url, { create: 'duel' });
    await me.sees(/Your choice/);
    me.type(['q']);
    await playing;
    const text = me.text();
    expect(text).toContain('You have seat 0 of this duel match');
    const links = [...text.matchAll(/Seat (\S+):\s+(http:\/\/127\.0\.0\.1:\d+\/#\/join\/(\S+))/g)];
    expect(links.map((link) => link[1])).toEqual(['1']);
    const [matchId, seat, invitation] = links[0]![3]!.split('/');
    expect(links[0]![2]).toBe(`${server.url}/#/join/${matchId}/1/${invitation}`);
    expect(seat).toBe('1');
    expect(text).toContain(`Match created: ${server.url}/matches/${matchId}`);
    // The seat waits for its player: nobody has joined it yet.
    const before = await fetch(`${server.url}/matches/${matchId}`);
    expect(((await before.json()) as { seats: { joined: boolean }[] }).seats[1]!.joined).toBe(
      false,
    );
    const take = () =>
      fetch(`${server.url}/matches/${matchId}/seats/1/join`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ invitation }),
      });
    const taken = await take();
    expect(taken.status).toBe(201);
    expect(((await taken.json()) as { seat: string }).seat).toBe('1');
    expect(((await (await take()).json()) as { code: string }).code).toBe('seat-taken');
    // The terminal's own seat is not handed out.
    expect(text).not.toContain(`/#/join/${matchId}/0/`);
  });

  it('a match is joined by its address alone only when it was created open', async () => {
    const link = await createdMatch('duel', { bots: { '1': 'random' } });
    const privateId = /\/#\/join\/([^/]+)\//.exec(link)![1]!;
    const stranger = player();
    await expect(joinMatch(stranger.io, `${server.url}/matches/${privateId}`, {})).rejects.toThrow(
      /seat 0 is joined with its own link/,
    );
    const host = player();
    const hosting = joinMatch(host.io, server.url, {
      create: 'duel',
      bots: '1=random',
      open: true,
    });
    await host.sees(/Your choice/);
    host.type(['q']);
    await hosting;
    const openId = /Match created: \S+\/matches\/(\S+)/.exec(host.text())![1]!;
    const listed = (await (await fetch(`${server.url}/matches?limit=500`)).json()) as {
      matches: { id: string }[];
    };
    expect(listed.matches.map((match) => match.id)).toContain(openId);
    expect(listed.matches.map((match) => match.id)).not.toContain(privateId);
    const opened = await createdMatch('duel', { bots: { '1': 'random' }, open: true });
    const guest = player();
    const joining = joinMatch(
      guest.io,
      `${server.url}/matches/${/\/#\/join\/([^/]+)\//.exec(opened)![1]}`,
      {},
    );
    await guest.sees(/Your choice/);
    guest.type(['q']);
    await joining;
    expect(guest.text()).toContain('You have seat 0 of this duel match');
  });

  it('--create hands out no link for a bot seat, one per other human seat', async () => {
    const me = player();
    const playing = joinMatch(me.io, server.url, { create: 'outgunned', bots: 'director=random' });
    await me.sees(/Your choice/);
    me.type(['q']);
    await playing;
    const text = me.text();
    const seats = [...text.matchAll(/Seat (\S+):\s+http:\/\/\S+\/#\/join\//g)].map(
      (link) => link[1],
    );
    expect(text).toContain('You have seat hero-1');
    expect(seats.length).toBeGreaterThan(0);
    expect(seats).not.toContain('director');
    expect(seats).not.toContain('hero-1');
    expect(seats.every((seat) => seat!.startsWith('hero-'))).toBe(true);
  });

  it('a Nemesis seat gets the screens and menus of tabletop play', async () => {
    const url = await createdMatch('nemesis', {
      options: { players: 2, characters: ['captain', 'scout'] },
      bots: { '1': 'random' },
    });
    const me = player();
    const playing = joinMatch(me.io, url, {});
    await me.sees(/Your choice/);
    me.type(['h', 'q']);
    await playing;
    const text = me.text();
    expect(text).toContain('SINCE YOU LAST LOOKED');
    expect(text).toContain('u          take back your last action');
    expect(text).toContain('You left the table; your seat stays yours');
  });

  it('an Outgunned seat sees the Grit board of its view above each question', async () => {
    const url = await createdMatch('outgunned', { bots: { director: 'random' } });
    const me = player();
    const playing = joinMatch(me.io, url, {});
    await me.sees(/Your choice/);
    me.type(['q']);
    await playing;
    const text = me.text();
    expect(text).toContain('You have seat hero-1 of this outgunned match');
    expect(text).toMatch(/-- .*: Round 1, (Action|Reaction) Turn/);
    expect(text).toMatch(/Grit \[[#.]+\] +\d+\/\d+/);
    expect(text).toContain('Director Adrenaline');
  });

  it('a seat rejoins with its token and plays on where it left', async () => {
    const url = await createdMatch('duel', { bots: { '1': 'random' } });
    const first = player();
    const leaving = joinMatch(first.io, url, {});
    await first.sees(/Your choice/);
    first.type(['1', 'q']);
    await leaving;
    const token = /keep it to yourself\):\s+(\S+)/.exec(first.text())![1]!;
    const again = player();
    again.type(Array.from({ length: 100 }, () => '1'));
    again.end();
    await joinMatch(again.io, url, { token });
    expect(again.text()).not.toContain('You have seat');
    expect(again.text()).toContain('GAME OVER');
  });

  it('the command rejoins with the token in TABLETOP_TOKEN, kept off the command line', async () => {
    const url = await createdMatch('duel', { bots: { '1': 'random' } });
    const first = player();
    const leaving = joinMatch(first.io, url, {});
    await first.sees(/Your choice/);
    first.type(['q']);
    await leaving;
    const token = /keep it to yourself\):\s+(\S+)/.exec(first.text())![1]!;
    process.env.TABLETOP_TOKEN = token;
    try {
      const again = await runCli(
        ['join', url],
        `${Array.from({ length: 100 }, () => '1').join('\n')}\n`,
      );
      expect(again.output).not.toContain('You have seat');
      expect(again.output).toContain('GAME OVER');
    } finally {
      delete process.env.TABLETOP_TOKEN;
    }
  });

  it('after the server restarts, the client reconnects and the match goes on to its end', async () => {
    const url = await createdMatch('duel', { bots: { '1': 'random' } });
    const me = player();
    const playing = joinMatch(me.io, url, {}, { retryMs: 100 });
    await me.sees(/Your choice/);
    const port = server.port;
    await server.close();
    await me.sees(/connection to the server was lost; reconnecting/);
    server = await serve(new PassThrough(), { port, host: '127.0.0.1', data });
    await me.sees(/Reconnected/);
    // The notices stand on lines of their own and the waiting question is asked again below them.
    expect(me.text()).toMatch(/\): \nThe connection to the server was lost; reconnecting\.\.\.\n/);
    expect(me.text()).toMatch(/\nReconnected\.\nYour choice \([^)]*\): $/);
    me.type(Array.from({ length: 100 }, () => '1'));
    me.end();
    await playing;
    expect(me.text()).toContain('GAME OVER');
  });

  it('a URL that names no match, a taken seat and an unknown ruleset get clear errors', async () => {
    expect(() => parseMatchUrl('not a url')).toThrow(/is not a URL/);
    expect(() => parseMatchUrl('ftp://x/matches/1')).toThrow(/http:\/\/ or https:\/\//);
    expect(() => parseMatchUrl('http://127.0.0.1:8080/')).toThrow(/must name a match/);
    expect(() => parseMatchUrl('http://127.0.0.1:8080/#/join/m_1/0')).toThrow(/must name a match/);
    expect(parseMatchUrl('http://127.0.0.1:8080/#/join/m_1/hero-1/abc_-9')).toEqual({
      server: 'http://127.0.0.1:8080',
      id: 'm_1',
      seat: 'hero-1',
      invitation: 'abc_-9',
    });
    const url = await createdMatch('duel', { bots: { '1': 'random' }, open: true });
    const matchUrl = url.replace(/\/#\/join\/([^/]+)\/.*$/, '/matches/$1');
    await fetch(`${matchUrl}/seats/0/join`, { method: 'POST' });
    const late = player();
    await expect(joinMatch(late.io, url, {})).rejects.toThrow(/seat-taken/);
    await expect(joinMatch(late.io, matchUrl, { seat: '0' })).rejects.toThrow(/seat-taken/);
    await expect(joinMatch(late.io, matchUrl, {})).rejects.toThrow(/every human seat .* is taken/);
    await expect(joinMatch(late.io, url.replace(/[^/]+$/, 'made-up'), {})).rejects.toThrow(
      /bad-invitation/,
    );
    await expect(joinMatch(late.io, server.url, { create: 'chess' })).rejects.toThrow(
      /unknown-ruleset/,
    );
  });
});
