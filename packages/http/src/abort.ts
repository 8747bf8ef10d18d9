/** Waits `ms`, or rejects with `onAbort()` as soon as `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal | null, onAbort: () => unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(onAbort());
      return;
    }
    const abort = (): void => {
      clearTimeout(timer);
      reject(onAbort());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * Settles like `work`, or rejects with the signal's reason as soon as `signal` aborts. Guards
 * against a `fetch` (or token provider) that ignores its signal: timeouts and aborts still happen
 * on time. A response that arrives after the abort has its body cancelled.
 */
export function raceSignal<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      discardLate(work);
      return;
    }
    const abort = (): void => {
      reject(signal.reason);
      discardLate(work);
    };
    signal.addEventListener('abort', abort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}

function discardLate(work: Promise<unknown>): void {
  work.then(
    (value) => {
      if (value instanceof Response) value.body?.cancel().catch(() => {});
    },
    () => {},
  );
}
