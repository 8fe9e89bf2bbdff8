/** A wake-up that is not lost when it fires before anyone waits (one waiter at a time). */
export class Wakeup {
  private waiting: (() => void) | null = null;
  private fired = false;

  fire(): void {
    const resume = this.waiting;
    this.waiting = null;
    if (resume) resume();
    else this.fired = true;
  }

  /** Resolves on the next fire (or a pending one), after `ms` when given, or when `signal` aborts. */
  wait(options: { ms?: number; signal?: AbortSignal } = {}): Promise<void> {
    const { ms, signal } = options;
    if (this.fired || signal?.aborted) {
      this.fired = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        if (this.waiting === done) this.waiting = null;
        resolve();
      };
      const timer = ms === undefined ? undefined : setTimeout(done, ms);
      this.waiting = done;
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
