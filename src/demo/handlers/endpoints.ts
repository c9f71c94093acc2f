// Published endpoints (OData and SQL) and their request log, whose ids are free-form strings.

import { SORT_BY } from '../../api/types';
import { ApiError, notFound } from '../errors';
import { pageHistory } from '../history';
import { lazyRequestFacts, requestIndex, type RequestFacts } from './endpointRequests';
import type { DemoKind } from '../kinds';
import { historyQuery } from '../params';
import { iso, type Shapes } from '../shapes';
import { itemOf, listOf } from './common';
import { seedEndpoints, type EndpointRec } from './endpointSeed';
import { empty, ok, type Ctx, type Handlers, type Reply } from './types';

// ---- answers

function endpointJson(e: EndpointRec): object {
  return { id: e.id, name: e.name, token: e.token, active: e.active, type: e.type, created: iso(e.created), modified: iso(e.modified) };
}

function requestJson(f: RequestFacts): object {
  return { executionId: f.executionId, date: iso(f.date), method: f.method, failed: f.failed, bytes: f.bytes, remoteIP: f.remoteIP, url: f.url };
}

function requestDetailsJson(f: RequestFacts, ep: EndpointRec, shapes: Shapes): object {
  return {
    ...(shapes === 'seed' ? { endpointId: ep.id, workspaceId: ep.workspaceId } : {}),
    date: iso(f.date),
    url: f.url,
    method: f.method,
    remoteIP: f.remoteIP,
    userAgent: f.userAgent,
    user: f.user,
    error: f.error,
    ...(shapes === 'seed' ? { errorDetails: f.errorDetails } : { pageToken: f.pageToken, external: f.external }),
    log: f.log,
    bytes: f.bytes,
    rows: f.rows,
  };
}

// ---- operations

function endpointOf(c: Ctx): EndpointRec {
  return itemOf(c, endpoints, 'endpointId');
}

const endpointHandlers = {
  getEndpointTypes: (): Reply => ok({ OData: 1, Sql: 2 }),

  listEndpoints: (c: Ctx): Reply => listOf(c, endpoints, endpointJson),

  getEndpoint: (c: Ctx): Reply => ok(endpointJson(endpointOf(c))),

  enableEndpoint: (c: Ctx): Reply => {
    endpointOf(c).active = true;
    return empty();
  },

  disableEndpoint: (c: Ctx): Reply => {
    const ep = endpointOf(c);
    if (ep.echoesToken) throw new ApiError(409, `Endpoint ${ep.token} cannot be disabled now: a request is being served.`);
    ep.active = false;
    return empty();
  },

  listEndpointRequests: (c: Ctx): Reply => {
    const ep = endpointOf(c);
    const q = historyQuery(c.query, SORT_BY.endpointRequests);
    // Requests are never created through the API: the whole log is the lazy series.
    const page = pageHistory<never>(ep.history, { items: [], dateOf: () => 0, failed: () => false }, q);
    return ok({ data: page.refs.flatMap((ref) => (ref.kind === 'lazy' ? [requestJson(lazyRequestFacts(ep, ref.index))] : [])), hasMore: page.hasMore });
  },

  getEndpointRequest: (c: Ctx): Reply => {
    const ep = endpointOf(c);
    const id = c.params['executionId'] ?? '';
    const index = requestIndex(ep, id);
    if (index === undefined) throw notFound('Request', `'${id}'`);
    return ok(requestDetailsJson(lazyRequestFacts(ep, index), ep, c.state.shapes));
  },
} satisfies Handlers;

export const endpoints: DemoKind<EndpointRec, never, never, typeof endpointHandlers> = {
  noun: 'Endpoint',
  handlers: endpointHandlers,
  seed: seedEndpoints,
};
