/**
 * Group commit, as both adapters do it: what is asked for in one turn of
 * the event loop, or while the batches before it are being committed, is
 * committed together. At most `inFlight` batches are committed at once, so
 * that the next grows while the database works.
 */
export class GroupCommit<Item> {
  readonly #commit: (batch: Item[]) => Promise<void>;
  readonly #inFlight: number;
  #waiting: Item[] = [];
  readonly #committing = new Set<Promise<void>>();
  #scheduled = false;

  /** `commit` answers every item of its batch, and never rejects. */
  constructor(commit: (batch: Item[]) => Promise<void>, inFlight = 1) {
    this.#commit = commit;
    this.#inFlight = inFlight;
  }

  add(item: Item): void {
    this.#waiting.push(item);
    this.#schedule();
  }

  /** Resolves once every item added so far is committed. */
  async drain(): Promise<void> {
    while (this.#committing.size > 0 || this.#waiting.length > 0) {
      if (this.#waiting.length > 0 && this.#committing.size < this.#inFlight) this.#start();
      await Promise.all(this.#committing);
    }
  }

  #schedule(): void {
    if (this.#committing.size >= this.#inFlight || this.#scheduled || this.#waiting.length === 0)
      return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      if (this.#committing.size < this.#inFlight && this.#waiting.length > 0) this.#start();
    });
  }

  #start(): void {
    const batch = this.#waiting;
    this.#waiting = [];
    const committing: Promise<void> = this.#commit(batch).finally(() => {
      this.#committing.delete(committing);
      this.#schedule();
    });
    this.#committing.add(committing);
  }
}
