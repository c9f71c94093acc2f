// Walks a paged list to its end. The API answers `{data, hasMore}` with no total, so the only
// way to know there is more is to ask for it.
import type { Page, PageParams } from './types';

export type PageFetcher<T> = (page: Required<PageParams>) => Promise<Page<T>>;

/** Yields every page in order until `hasMore` is false (or a page comes back empty). */
export async function* pages<T>(fetch: PageFetcher<T>, pageSize = 200): AsyncGenerator<T[]> {
  for (let skip = 0; ; ) {
    const page = await fetch({ take: pageSize, skip });
    if (page.data.length) yield page.data;
    // An empty page that claims more would loop for ever; a server bug must not hang the editor.
    if (!page.hasMore || page.data.length === 0) return;
    skip += page.data.length;
  }
}

/** Every item of a paged list. */
export async function all<T>(fetch: PageFetcher<T>, pageSize = 200): Promise<T[]> {
  const items: T[] = [];
  for await (const data of pages(fetch, pageSize)) items.push(...data);
  return items;
}

/** Tolerant reading of a paged answer: `data: null` or a missing `hasMore` happen. */
export function toPage<T>(raw: unknown, map: (item: Record<string, unknown>) => T = (x) => x as T): Page<T> {
  const body = (raw ?? {}) as { data?: unknown; hasMore?: unknown };
  const data = Array.isArray(body.data) ? body.data : [];
  return { data: data.filter((x) => x && typeof x === 'object').map((x) => map(x as Record<string, unknown>)), hasMore: body.hasMore === true };
}
