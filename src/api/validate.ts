// Checks made before a request is sent, so a bad page size or e-mail costs no round trip and
// gets a message that names the field. `what` is the operation checked: the error's place, for
// the log, as a request's path would be.
import * as l10n from '@vscode/l10n';
import { SkyviaError } from './errors';
import type { OperationId } from './operations';
import type { HistoryFilter, PageParams } from './types';
import type { Query } from './transport';

export const MAX_TAKE = 200;

function reject(what: OperationId, field: string, message: string): never {
  throw new SkyviaError('validation', { method: 'CHECK', path: what, errors: { [field]: [message] }, serverMessage: message });
}

export function pageQuery(what: OperationId, page: PageParams = {}): Query {
  const { take, skip } = page;
  if (take !== undefined && (!Number.isInteger(take) || take < 1 || take > MAX_TAKE)) {
    reject(what, 'take', l10n.t('Page size must be a whole number from 1 to {0} (got {1}).', MAX_TAKE, String(take)));
  }
  if (skip !== undefined && (!Number.isInteger(skip) || skip < 0)) {
    reject(what, 'skip', l10n.t('Skip must be a whole number of 0 or more (got {0}).', String(skip)));
  }
  return { take, skip };
}

export function historyQuery(what: OperationId, filter: HistoryFilter = {}, sortBy: readonly string[]): Query {
  const query = pageQuery(what, filter);
  const start = dateParam(what, 'startDate', filter.startDate);
  const end = dateParam(what, 'endDate', filter.endDate);
  if (start && end && start > end) reject(what, 'startDate', l10n.t('The start date must not be after the end date.'));
  if (filter.sortOrder !== undefined && filter.sortOrder !== 'asc' && filter.sortOrder !== 'desc') {
    reject(what, 'sortOrder', l10n.t('Sort order must be "asc" or "desc" (got "{0}").', String(filter.sortOrder)));
  }
  if (filter.sortBy !== undefined && !sortBy.includes(filter.sortBy)) {
    reject(what, 'sortBy', l10n.t('This list can be sorted by {0} (got "{1}").', sortBy.map((s) => `"${s}"`).join(', '), filter.sortBy));
  }
  return { ...query, startDate: start, endDate: end, failed: filter.failed, sortOrder: filter.sortOrder, sortBy: filter.sortBy };
}

function dateParam(what: OperationId, field: string, value: string | Date | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) reject(what, field, l10n.t('{0} is not a valid date (got "{1}").', field, String(value)));
  return date.toISOString();
}

// Deliberately loose: one @, something on both sides, a dot in the domain. The service has the
// final word; this only stops typos before a round trip.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The same check as `checkEmail`, for an input box's validation. */
export function isEmailAddress(text: string): boolean {
  return EMAIL.test(text.trim());
}

export function checkEmail(what: OperationId, email: unknown): string {
  const value = typeof email === 'string' ? email.trim() : '';
  if (!EMAIL.test(value)) reject(what, 'email', l10n.t('"{0}" is not a valid e-mail address.', String(email ?? '')));
  return value;
}

export function checkId(what: OperationId, field: string, id: unknown): number {
  if (!Number.isInteger(id) || (id as number) < 0 || (id as number) > 2_147_483_647)
    reject(what, field, l10n.t('{0} must be a 32-bit id (got {1}).', field, String(id)));
  return id as number;
}
