// An endpoint's requests: every one lazily generated (a pure function of its history and index),
// with ids that are free-form strings a client must encode.

import { hash32, intIn, pickBy } from '../random';
import type { EndpointRec } from './endpointSeed';

export interface RequestFacts {
  executionId: string;
  date: number;
  method: string;
  failed: boolean;
  bytes: number;
  rows: number;
  remoteIP: string;
  url: string;
  userAgent: string;
  user: string;
  error: string | null;
  errorDetails: string | null;
  log: string[];
  pageToken: string | null;
  external: boolean;
}

const REMOTE_IPS = ['52.31.4.107', '203.0.113.24', '198.51.100.7', '10.20.0.15', '2001:db8::4f2a'];
const USER_AGENTS = [
  'Microsoft.Data.Mashup (https://go.microsoft.com/fwlink/?LinkID=304225)',
  'Tableau/2024.2 (OData)',
  'python-requests/2.32.3',
  'Microsoft Office Excel/16.0',
  'DBeaver 24.1.0 - Main',
];
const USERS = ['powerbi_reader', 'tableau_service', 'analyst', 'excel_user'];
// Parts of request ids that need URL encoding in a path: ids are opaque strings, clients must encode.
const ID_TAILS = ['', ' q', '#f', '?page=2', '%41', '&x=1', ':full', 'é'];

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Request ids look like `req/2026-11-20+640-0000a1 q`: the day and the zero-padded base-36 index keep
 * ids sorting the same way as dates (so sortBy=executionId needs no sort), and the index makes
 * an id reversible: `requestIndex` finds the item without a search.
 */
export function requestId(ep: EndpointRec, i: number): string {
  return `req/${day(ep.history.dateOf(i))}+${ep.id}-${i.toString(36).padStart(6, '0')}${pickBy(ID_TAILS, ep.history.seed, i, 0x1d)}`;
}

export function requestIndex(ep: EndpointRec, id: string): number | undefined {
  const m = /^req\/\d{4}-\d{2}-\d{2}\+(\d+)-([0-9a-z]{6})/.exec(id);
  if (!m || Number(m[1]) !== ep.id) return undefined;
  const i = parseInt(m[2] as string, 36);
  return i < ep.history.count && requestId(ep, i) === id ? i : undefined;
}

export function lazyRequestFacts(ep: EndpointRec, i: number): RequestFacts {
  const s = ep.history;
  const date = s.dateOf(i);
  const failed = s.failed(i);
  const entity = pickBy(ep.entities, s.seed, i, 1);
  const odata = ep.type === 'OData';
  const method = odata
    ? pickBy(['GET', 'GET', 'GET', 'GET', 'GET', 'GET', 'POST', 'PATCH', 'DELETE'], s.seed, i, 2)
    : pickBy(['POST', 'POST', 'GET'], s.seed, i, 2);
  const top = pickBy([50, 100, 500, 1000], s.seed, i, 3);
  const skip = intIn(0, 20, s.seed, i, 4) * top;
  const path = odata
    ? `/odata/v4/${ep.token.slice(0, 12)}/${entity}${method === 'GET' ? `?$top=${top}&$skip=${skip}&$orderby=Id` : `(${intIn(1000, 99999, s.seed, i, 5)})`}`
    : `/sql/${ep.token.slice(0, 12)}/query`;
  const rows = failed ? 0 : odata && method !== 'GET' ? 1 : intIn(1, top, s.seed, i, 6);
  const bytes = failed ? intIn(180, 900, s.seed, i, 7) : 400 + rows * intIn(180, 640, s.seed, i, 8);
  const ms = intIn(40, failed ? 120_000 : 4_000, s.seed, i, 9);
  const error = failed
    ? pickBy(
        [
          'Query timeout expired after 120 s.',
          `Entity set '${entity}' not found.`,
          'Authentication failed: invalid endpoint token.',
          'Syntax error near keyword FROM.',
        ],
        s.seed,
        i,
        10,
      )
    : null;
  const paged = odata && method === 'GET' && rows === top;
  return {
    executionId: requestId(ep, i),
    date,
    method,
    failed,
    bytes,
    rows,
    remoteIP: pickBy(REMOTE_IPS, s.seed, i, 11),
    url: `https://connect.skyvia.com${path}`,
    userAgent: ep.userAgent ?? pickBy(USER_AGENTS, s.seed, i, 12),
    user: pickBy(USERS, s.seed, i, 13),
    error,
    errorDetails:
      error === null
        ? null
        : `${error}\n   at Skyvia.Connect.QueryExecutor.Execute(Query query)\n   at Skyvia.Connect.Endpoint.HandleRequest(RequestContext context)`,
    log: [
      `Request received: ${method} ${path}`,
      `Authenticated endpoint user '${pickBy(USERS, s.seed, i, 13)}'.`,
      odata ? `Translated OData query for entity set '${entity}'.` : `Parsed SQL statement against '${entity}'.`,
      failed ? `Error: ${error}` : `Executed query in ${ms} ms, ${rows} rows.`,
      `Response sent: ${bytes} bytes.`,
    ],
    pageToken: paged ? `p${hash32(s.seed, i, 14).toString(36)}` : null,
    external: hash32(s.seed, i, 15) % 3 === 0,
  };
}
