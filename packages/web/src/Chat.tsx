import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { ChatLine } from './client.ts';
import { seatName } from './people.ts';
import { useWords } from './words.ts';

/**
 * The match's chat: the same lines for every seat and spectator, each as
 * "Player 2 (Soldier): text". React escapes the text; the server's limits
 * come back as its own words.
 */
export function Chat({
  lines,
  error,
  send,
}: {
  lines: ChatLine[];
  error: string;
  send: ((text: string) => void) | null;
}) {
  const words = useWords();
  const [text, setText] = useState('');
  const end = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = end.current;
    if (list && lines.length > 0) list.scrollTop = list.scrollHeight;
  }, [lines.length]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!send || text.trim() === '') return;
    send(text);
    setText('');
  };
  return (
    <section className="chat" aria-label="Chat">
      <h2>Chat</h2>
      <ol ref={end} className="chat-lines" aria-live="polite">
        {lines.map((line) => (
          <li key={line.id} data-from={line.from}>
            <strong>{seatName(words, line.from)}:</strong> {line.text}
          </li>
        ))}
        {lines.length === 0 && <li className="empty">No messages yet.</li>}
      </ol>
      {error && (
        <p className="chat-error" role="alert">
          {error}
        </p>
      )}
      {send && (
        <form onSubmit={submit} className="chat-form">
          <label className="visually-hidden" htmlFor="chat-text">
            Message
          </label>
          <input
            id="chat-text"
            value={text}
            autoComplete="off"
            placeholder="Say something to the table"
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit">Send</button>
        </form>
      )}
    </section>
  );
}
