/**
 * Group commit, as both adapters do it: what is asked for in one turn of
 * the event loop, or while the batch before it is being committed, is
 * committed together; one batch at a time, so that the next grows while
 * the database works.
 */
export class GroupCommit<Item> {
  readonly #commit: (batch: Item[]) => Promise<void>;
  #waiting: Item[] = [];
  #committing: Promise<void> | null = null;
  #scheduled = false;

  /** `commit` answers every item of its batch, and never rejects. */
  constructor(commit: (batch: Item[]) => Promise<void>) {
    this.#commit = commit;
  }

  add(item: Item): void {
    this.#waiting.push(item);
    this.#schedule();
  }

  /** Resolves once every item added so far is committed. */
  async drain(): Promise<void> {
    while (this.#committing || this.#waiting.length > 0) {
      await (this.#committing ?? this.#start());
    }
  }

  #schedule(): void {
    if (this.#committing || this.#scheduled || this.#waiting.length === 0) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      if (!this.#committing) this.#start();
    });
  }

  #start(): Promise<void> {
    const batch = this.#waiting;
    this.#waiting = [];
    const committing = this.#commit(batch).finally(() => {
      this.#committing = null;
      this.#schedule();
    });
    this.#committing = committing;
    return committing;
  }
}
