// Checks made before a request is sent, so a bad page size or e-mail costs no round trip and
// gets a message that names the field.
import { SkyviaError } from './errors';
import type { HistoryFilter, PageParams } from './types';
import type { Query } from './transport';

export const MAX_TAKE = 200;

function reject(what: string, field: string, message: string): never {
  throw new SkyviaError('validation', { method: 'CHECK', path: what, errors: { [field]: [message] }, serverMessage: message });
}

export function pageQuery(what: string, page: PageParams = {}): Query {
  const { take, skip } = page;
  if (take !== undefined && (!Number.isInteger(take) || take < 1 || take > MAX_TAKE)) {
    reject(what, 'take', `Page size must be a whole number from 1 to ${MAX_TAKE} (got ${take}).`);
  }
  if (skip !== undefined && (!Number.isInteger(skip) || skip < 0)) {
    reject(what, 'skip', `Skip must be a whole number of 0 or more (got ${skip}).`);
  }
  return { take, skip };
}

export function historyQuery(what: string, filter: HistoryFilter = {}, sortBy: readonly string[]): Query {
  const query = pageQuery(what, filter);
  const start = dateParam(what, 'startDate', filter.startDate);
  const end = dateParam(what, 'endDate', filter.endDate);
  if (start && end && start > end) reject(what, 'startDate', 'The start date must not be after the end date.');
  if (filter.sortOrder !== undefined && filter.sortOrder !== 'asc' && filter.sortOrder !== 'desc') {
    reject(what, 'sortOrder', `Sort order must be "asc" or "desc" (got "${String(filter.sortOrder)}").`);
  }
  if (filter.sortBy !== undefined && !sortBy.includes(filter.sortBy)) {
    reject(what, 'sortBy', `This list can be sorted by ${sortBy.map((s) => `"${s}"`).join(' or ')} (got "${filter.sortBy}").`);
  }
  return { ...query, startDate: start, endDate: end, failed: filter.failed, sortOrder: filter.sortOrder, sortBy: filter.sortBy };
}

function dateParam(what: string, field: string, value: string | Date | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) reject(what, field, `${field} is not a valid date (got "${String(value)}").`);
  return date.toISOString();
}

// Deliberately loose: one @, something on both sides, a dot in the domain. The service has the
// final word; this only stops typos before a round trip.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The same check as `checkEmail`, for an input box's validation. */
export function isEmailAddress(text: string): boolean {
  return EMAIL.test(text.trim());
}

export function checkEmail(what: string, email: unknown): string {
  const value = typeof email === 'string' ? email.trim() : '';
  if (!EMAIL.test(value)) reject(what, 'email', `"${String(email ?? '')}" is not a valid e-mail address.`);
  return value;
}

export function checkId(what: string, field: string, id: unknown): number {
  if (!Number.isInteger(id) || (id as number) < 0 || (id as number) > 2_147_483_647) reject(what, field, `${field} must be a 32-bit id (got ${String(id)}).`);
  return id as number;
}
