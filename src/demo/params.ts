// Query and path parameter parsing with the service's validation answers.
//
// The live service is ASP.NET: query names match case-insensitively, an empty value counts as
// absent, and a value that does not bind answers 400 with a field → messages map.

import { validation, type FieldErrors } from './errors';
import type { HistoryQuery } from './history';

const INT = /^[+-]?\d+$/;
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export class Query {
  private readonly values = new Map<string, string>();

  constructor(search: string) {
    for (const [k, v] of new URLSearchParams(search)) {
      const key = k.toLowerCase();
      // The first value wins, as ASP.NET binds a scalar from the first of repeated values.
      if (!this.values.has(key)) this.values.set(key, v);
    }
  }

  get(name: string): string | undefined {
    const v = this.values.get(name.toLowerCase());
    return v === undefined || v.trim() === '' ? undefined : v;
  }
}

function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** An int32 path parameter; anything else is 400. */
export function int32Param(raw: string, name: string): number {
  const n = INT.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < INT32_MIN || n > INT32_MAX) throw validation({ [name]: [`The value '${raw}' is not valid.`] });
  return n;
}

/** An int64 path parameter, as bigint: 9007199254740993 and …992 must stay different ids. */
export function int64Param(raw: string, name: string): bigint {
  if (INT.test(raw)) {
    const n = BigInt(raw);
    if (n >= INT64_MIN && n <= INT64_MAX) return n;
  }
  throw validation({ [name]: [`The value '${raw}' is not valid.`] });
}

function optionalInt(q: Query, name: string, errors: FieldErrors): number | undefined {
  const raw = q.get(name);
  if (raw === undefined) return undefined;
  const n = INT.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isInteger(n) || n < INT32_MIN || n > INT32_MAX) {
    addError(errors, name, `The value '${raw}' is not valid for ${name}.`);
    return undefined;
  }
  return n;
}

export interface Paging {
  skip: number;
  take: number;
}

function readPaging(q: Query, errors: FieldErrors): Paging {
  const take = optionalInt(q, 'take', errors);
  const skip = optionalInt(q, 'skip', errors);
  if (take !== undefined && (take < 1 || take > 200)) addError(errors, 'take', 'The field take must be between 1 and 200.');
  if (skip !== undefined && skip < 0) addError(errors, 'skip', 'The field skip must be 0 or greater.');
  return { skip: skip ?? 0, take: take ?? 20 };
}

export function paging(q: Query): Paging {
  const errors: FieldErrors = {};
  const p = readPaging(q, errors);
  if (Object.keys(errors).length > 0) throw validation(errors);
  return p;
}

export function pageOf<T>(items: readonly T[], p: Paging): { data: T[]; hasMore: boolean } {
  return { data: items.slice(p.skip, p.skip + p.take), hasMore: p.skip + p.take < items.length };
}

function optionalDate(q: Query, name: string, errors: FieldErrors): number | undefined {
  const raw = q.get(name);
  if (raw === undefined) return undefined;
  // ISO 8601 dates and date-times only; Date.parse alone would also take "March 7".
  const ms = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i.test(raw.trim()) ? Date.parse(raw.trim()) : NaN;
  if (Number.isNaN(ms)) {
    addError(errors, name, `The value '${raw}' is not valid for ${name}.`);
    return undefined;
  }
  return ms;
}

/** The filters, sort and paging of a history list. `sortBy` values match case-insensitively. */
export function historyQuery(q: Query, sortByAllowed: readonly string[]): HistoryQuery {
  const errors: FieldErrors = {};
  const { skip, take } = readPaging(q, errors);
  const from = optionalDate(q, 'startDate', errors);
  const to = optionalDate(q, 'endDate', errors);
  let failed: boolean | undefined;
  const rawFailed = q.get('failed');
  if (rawFailed !== undefined) {
    const v = rawFailed.trim().toLowerCase();
    if (v === 'true' || v === 'false') failed = v === 'true';
    else addError(errors, 'failed', `The value '${rawFailed}' is not valid for failed.`);
  }
  const sortOrder = q.get('sortOrder')?.trim().toLowerCase();
  if (sortOrder !== undefined && sortOrder !== 'asc' && sortOrder !== 'desc') {
    addError(errors, 'sortOrder', `The value '${q.get('sortOrder') ?? ''}' is not valid for sortOrder. Allowed values: asc, desc.`);
  }
  const sortBy = q.get('sortBy')?.trim();
  if (sortBy !== undefined && !sortByAllowed.some((s) => s.toLowerCase() === sortBy.toLowerCase())) {
    addError(errors, 'sortBy', `The value '${sortBy}' is not valid for sortBy. Allowed values: ${sortByAllowed.join(', ')}.`);
  }
  if (Object.keys(errors).length > 0) throw validation(errors);
  // Every sortBy a list allows orders the same way: ids are allocated in date order.
  return {
    skip,
    take,
    desc: sortOrder === 'desc',
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
    ...(failed === undefined ? {} : { failed }),
  };
}

/** Case-insensitive "contains" on any of the fields; no mask matches everything. */
export function matchesMask(mask: string | undefined, ...fields: (string | null)[]): boolean {
  if (mask === undefined) return true;
  const m = mask.toLowerCase();
  return fields.some((f) => f !== null && f.toLowerCase().includes(m));
}
