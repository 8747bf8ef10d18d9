/**
 * Maps `items` through `fn` with at most `concurrency` calls in flight and yields the results in the
 * input order. Only the in-flight window is held: a slow item holds back the ones after it, never
 * more than `concurrency` of them.
 */
export async function* mapOrdered<T, R>(
  items: Iterable<T>,
  concurrency: number,
  fn: (item: T) => Promise<R>,
): AsyncGenerator<R> {
  const window: Promise<R>[] = [];
  const iterator = items[Symbol.iterator]();
  let done = false;
  const fill = () => {
    while (!done && window.length < concurrency) {
      const next = iterator.next();
      if (next.done === true) {
        done = true;
        break;
      }
      const promise = fn(next.value);
      // A rejection is observed when its turn comes; until then keep Node from reporting it.
      promise.catch(() => undefined);
      window.push(promise);
    }
  };
  fill();
  while (window.length > 0) {
    const head = window.shift() as Promise<R>;
    const value = await head;
    fill();
    yield value;
  }
}
