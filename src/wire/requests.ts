/**
 * Requests that wait for an answer across postMessage: each gets an id, the answer with that id
 * settles it. One per kind of request on the asking side (typed by its answer).
 */
export class PendingRequests<T> {
  private nextId = 1;
  private readonly waiting = new Map<number, (answer: T) => void>();

  /** Sends a request with a fresh id (`send(id)`) and waits for its answer. */
  ask(send: (id: number) => void): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve) => {
      this.waiting.set(id, resolve);
      send(id);
    });
  }

  /** Settles request `id`; false when no such request is waiting (answered already, or never asked). */
  answer(id: number, value: T): boolean {
    const resolve = this.waiting.get(id);
    if (!resolve) return false;
    this.waiting.delete(id);
    resolve(value);
    return true;
  }

  get size(): number {
    return this.waiting.size;
  }
}
