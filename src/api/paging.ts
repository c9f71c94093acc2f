// Walks a paged list to its end. The API answers `{data, hasMore}` with no total, so the only
// way to know there is more is to ask for it.
import type { Page, PageParams } from './types';

export type PageFetcher<T> = (page: Required<PageParams>) => Promise<Page<T>>;

/** Yields every page in order until `hasMore` is false (or a page comes back empty). */
export async function* pages<T>(fetch: PageFetcher<T>, pageSize = 200): AsyncGenerator<T[]> {
  for (let skip = 0; ;) {
    const page = await fetch({ take: pageSize, skip });
    if (page.data.length) yield page.data;
    // An empty page that claims more would loop for ever; a server bug must not hang the editor.
    if (!page.hasMore || page.data.length === 0) return;
    skip += page.data.length;
  }
}

/** Every item of a paged list. */
export async function all<T>(fetch: PageFetcher<T>, pageSize = 200): Promise<T[]> {
  // The same walk as `pages`, without a generator's hand-offs between pages.
  const items: T[] = [];
  for (let skip = 0; ;) {
    const page = await fetch({ take: pageSize, skip });
    for (const item of page.data) items.push(item);
    if (!page.hasMore || page.data.length === 0) return items;
    skip += page.data.length;
  }
}

/** Tolerant reading of a paged answer: `data: null` or a missing `hasMore` happen. */
export function toPage<T>(raw: unknown, map?: (item: Record<string, unknown>) => T): Page<T> {
  const body = (raw ?? {}) as { data?: unknown; hasMore?: unknown };
  const data: unknown[] = Array.isArray(body.data) ? body.data : [];
  // A page of objects, as nearly every page is, is kept as parsed: no copy of 200 rows per page.
  const rows = data.every((x) => x && typeof x === 'object') ? data : data.filter((x) => x && typeof x === 'object');
  return { data: (map ? rows.map((x) => map(x as Record<string, unknown>)) : rows) as T[], hasMore: body.hasMore === true };
}

/**
 * Every page in order, like `pages`, with up to `ahead` asked for at once: far from the service a
 * long walk costs about ⌈pages ÷ ahead⌉ round trips instead of one per page. The API gives no
 * total, so the pages after the first are asked for on speculation, their number doubling from
 * one while pages come back full (a history of one page costs one request, as before), and a walk
 * costs at most `ahead − 1` requests past its end. A page shorter than asked that says there is
 * more (a service that caps its pages) drops what was asked beyond it and goes on from where it
 * really ended, at the size the service gives.
 */
export async function* pagesAhead<T>(fetch: PageFetcher<T>, pageSize = 200, ahead = 8): AsyncGenerator<T[]> {
  const out: { skip: number; answer: Promise<Page<T>> }[] = [];
  let next = 0;
  let window = 1;
  const ask = () => {
    const answer = fetch({ take: pageSize, skip: next });
    // Speculative pages dropped unread must not end as unhandled rejections.
    answer.catch(() => undefined);
    out.push({ skip: next, answer });
    next += pageSize;
  };
  ask();
  for (;;) {
    const head = out.shift()!;
    const page = await head.answer;
    if (page.data.length) yield page.data;
    if (!page.hasMore || page.data.length === 0) return;
    if (page.data.length < pageSize) {
      out.length = 0;
      pageSize = page.data.length;
      next = head.skip + pageSize;
      window = 1;
    } else window = Math.min(ahead, window * 2);
    while (out.length < window) ask();
  }
}
