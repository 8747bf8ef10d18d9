// LockService on the host: one lock per project and scope (per user for user locks), held by one run
// at a time. A run waits for it in order (`waitLock`, `tryLock` with a timeout) and gives it back with
// `releaseLock` or when it ends, however it ends. Locks are not state: a restart or reset frees them.

interface Waiter {
  owner: object;
  grant: (granted: boolean) => void;
  timer: NodeJS.Timeout;
}

export class LockTable {
  readonly #holders = new Map<string, object>();
  readonly #waiters = new Map<string, Waiter[]>();

  /** Takes the lock named `key` for `owner` (a run), waiting at most `timeoutMs`; whether it got it. */
  acquire(key: string, owner: object, timeoutMs: number): Promise<boolean> | boolean {
    const holder = this.#holders.get(key);
    if (holder === undefined || holder === owner) {
      this.#holders.set(key, owner);
      return true;
    }
    if (timeoutMs <= 0) return false;
    return new Promise((resolve) => {
      const queue = this.#waiters.get(key) ?? [];
      const waiter: Waiter = {
        owner,
        grant: resolve,
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          resolve(false);
        }, timeoutMs),
      };
      queue.push(waiter);
      this.#waiters.set(key, queue);
    });
  }

  held(key: string, owner: object): boolean {
    return this.#holders.get(key) === owner;
  }

  release(key: string, owner: object): void {
    if (this.#holders.get(key) !== owner) return;
    const next = this.#waiters.get(key)?.shift();
    if (next === undefined) {
      this.#holders.delete(key);
      this.#waiters.delete(key);
      return;
    }
    clearTimeout(next.timer);
    this.#holders.set(key, next.owner);
    next.grant(true);
  }

  /** Gives back every lock `owner` holds and stops its waits (its run ended). */
  releaseAll(owner: object): void {
    for (const [key, queue] of this.#waiters)
      for (const waiter of queue.filter((w) => w.owner === owner)) {
        clearTimeout(waiter.timer);
        queue.splice(queue.indexOf(waiter), 1);
        waiter.grant(false);
        if (queue.length === 0) this.#waiters.delete(key);
      }
    for (const [key, holder] of [...this.#holders]) if (holder === owner) this.release(key, owner);
  }
}
