// Published endpoints and the requests they served.
import * as l10n from '@vscode/l10n';
import type { Endpoint, EndpointRequest } from '../api';
import { endpointTypeName } from '../shared/describe';
import { formatBytes, formatDateTime, joinParts, relativeTime } from '../shared/format';
import { numId, wsId } from '../shared/refs';
import type { EntrySpec, HistorySpec } from './kind';
import { pinCapability } from './common';

export const REQUEST: EntrySpec<EndpointRequest> = {
  kind: 'request',
  rowButtons: (id, when) => ({ log: l10n.t('Open the log of request {0}, {1}', id, when), open: l10n.t('Open request {0}, {1}', id, when) }),
  idOf: (r) => r.executionId || undefined,
  outcome: (r) => (r.failed === true ? 'failed' : r.failed === false ? 'succeeded' : 'unknown'),
  label: (r) => formatDateTime(r.date) || l10n.t('Request {0}', r.executionId),
  description: (r, now) => joinParts(r.method, r.failed === true && 'failed', now !== undefined && relativeTime(r.date, now), formatBytes(r.bytes), shortUrl(r.url)),
  latest: (r) => ({ state: r.failed === true ? 'Failed' : r.method, date: r.date }),
  // A request row carries its response size and whether it failed (rows and timings are only in
  // its own read): the size of each answer, failures marked.
  chart: {
    series: () => [{ label: l10n.t('Response (KB)'), axis: 'KB', tone: 'primary', style: 'line' }],
    point: (r) => ({ date: r.date, values: [typeof r.bytes === 'number' ? Math.round(r.bytes / 102.4) / 10 : undefined] }),
  },
};

export const ENDPOINT: HistorySpec<Endpoint, EndpointRequest> = {
  kind: 'endpoint',
  listItems: (client, ws, page, signal) => client.listEndpoints(ws, page, { signal }),
  noun: 'requests',
  entry: REQUEST,
  hasActiveRun: false,
  readsOnHover: true,
  list: (client, ref, query, signal) => client.listEndpointRequests(wsId(ref), numId(ref), query, { signal }),
  icon: (v) => ['globe', v.data.active === false ? 'disabledForeground' : undefined],
  description: (v) => joinParts(v.filterText, endpointTypeName(v.data.type, v.facts.endpointTypes), v.data.active === undefined ? undefined : v.data.active ? l10n.t('active') : l10n.t('inactive')),
  flags: (v) => [v.data.active === true && 'active', v.data.active === false && 'inactive'],
  capabilities: (v) => [!v.busy && v.data.active !== true && 'canEnable', !v.busy && v.data.active !== false && 'canDisable', !!v.data.token && 'canCopyToken', pinCapability(v)],
};

/** The path and query of a request URL, shortened for a description. */
function shortUrl(url: string | null | undefined): string {
  if (!url) return '';
  let text = url;
  try {
    const u = new URL(url);
    text = u.pathname + u.search;
  } catch {
    // Not absolute: show it as sent.
  }
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
