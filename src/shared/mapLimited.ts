// Work over a list a few at a time: listing items across workspaces, the Pinned group and the
// pinned items' watcher keep at most a few requests out at once. (A long account scan adapts its
// number to the service instead: shared/adaptiveGate.ts.)

/** How many at once unless told: a few requests out at a time is what the service takes well. */
export const AT_ONCE = 4;

/** Runs `work` over `items`, a few at a time, keeping the order; stops starting new work once `signal` is aborted. */
export async function mapLimited<T, R>(items: readonly T[], work: (item: T) => Promise<R>, limit = AT_ONCE, signal?: AbortSignal): Promise<R[]> {
  const out: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) {
      const i = next++;
      out[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
