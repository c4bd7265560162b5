import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { joinMatch } from '../src/join.js';
import { recording } from './helpers.js';

/**
 * A stand-in for the server that stores another seat's answer to a
 * simultaneous question between the moment this seat's question is shown and
 * the moment its answer arrives: the first submit is always one entry late.
 */
function tableWithARivalAnswer(rivalChangesOurChoices: boolean) {
  const submits: number[] = [];
  const question = { actions: [{ keep: 'a' }, { keep: 'b' }], words: ['Keep A', 'Keep B'] };
  const state = (seq: number, over = false, actions = question.actions) => ({
    type: 'state',
    seq,
    view: {},
    prompts: over ? [] : [{ seats: ['0', '1'], text: 'keep one' }],
    actions: over ? [] : actions,
    words: { prompts: ['keep one'], actions: over ? [] : question.words },
    over,
    result: over ? { winners: ['0'], summary: 'seat 0 wins' } : null,
  });
  const http: Server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/matches/m_1' && request.method === 'GET') {
      response.end(JSON.stringify({ id: 'm_1', ruleset: 'duel', seats: [], seq: 1, over: false }));
    } else if (request.url === '/matches/m_1/record') {
      response.end(JSON.stringify({ seed: 'ab' }));
    } else {
      response.statusCode = 404;
      response.end(JSON.stringify({ code: 'not-found', message: 'no' }));
    }
  });
  const sockets = new WebSocketServer({ server: http });
  sockets.on('connection', (socket) => {
    let seq = 1;
    const send = (message: unknown) => socket.send(JSON.stringify(message));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; id: string; seq: number };
      if (message.type === 'subscribe') {
        send({ type: 'subscribed', seat: '0', seq });
        send(state(seq));
        return;
      }
      submits.push(message.seq);
      if (message.seq === 1) {
        seq = 2;
        send({ type: 'error', id: message.id, code: 'stale-sequence', message: 'read again', seq });
        const { type: _rival, ...after } = state(
          seq,
          false,
          rivalChangesOurChoices ? [{ keep: 'a' }] : question.actions,
        );
        send({
          type: 'entry',
          seq,
          events: [{ type: 'chosen', text: 'Seat 1 has chosen' }],
          state: after,
        });
        return;
      }
      seq += 1;
      // One frame: the entry this submit stored, its answer and the state after it.
      const { type: _ours, ...over } = state(seq, true);
      send({ type: 'entry', seq, events: [], accepted: { id: message.id }, state: over });
    });
  });
  return { http, submits };
}

let running: Server | undefined;
afterEach(() => {
  running?.close();
  running = undefined;
});

async function playOnce(rivalChangesOurChoices: boolean) {
  const table = tableWithARivalAnswer(rivalChangesOurChoices);
  running = table.http;
  await new Promise<void>((ready) => table.http.listen(0, '127.0.0.1', ready));
  const { port } = table.http.address() as AddressInfo;
  const input = new PassThrough();
  const screen = recording();
  input.write('2\n1\n1\n');
  input.end();
  await joinMatch({ input, output: screen.stream }, `http://127.0.0.1:${port}/matches/m_1`, {
    token: 'secret',
  });
  return { text: screen.text(), submits: table.submits };
}

describe('answering a question every seat answers at once', () => {
  it('an answer overtaken by another seat is sent again when the same choices still stand', async () => {
    const { text, submits } = await playOnce(false);
    expect(submits).toEqual([1, 2]);
    expect(text).not.toContain('The table moved on meanwhile');
    expect(text).toContain('GAME OVER');
  });

  it('an answer is not sent again when the other seat changed this seat’s choices', async () => {
    const { text, submits } = await playOnce(true);
    expect(submits[0]).toBe(1);
    expect(text).toContain('The table moved on meanwhile');
  });
});
