// Published endpoints (OData and SQL) and their request log, whose ids are free-form strings.

import { SORT_BY } from '../../api/types';
import type { OperationId } from '../../api/operations';
import { ApiError, notFound } from '../errors';
import { pageHistory } from '../history';
import { lazyRequestFacts, requestIndex } from '../items';
import type { EndpointRec } from '../model';
import { historyQuery, pageOf, paging } from '../params';
import { endpointJson, requestDetailsJson, requestJson } from '../shapes';
import { id32 } from './common';
import { empty, ok, type Ctx, type Handler } from './types';

function endpointOf(c: Ctx): EndpointRec {
  return c.state.endpoint(id32(c, 'workspaceId'), id32(c, 'endpointId'));
}

export const endpointHandlers = {
  getEndpointTypes: () => ok({ OData: 1, Sql: 2 }),

  listEndpoints: (c: Ctx) => {
    const ws = c.state.workspace(id32(c, 'workspaceId'));
    const page = pageOf(c.state.seed.endpoints.list(ws.id), paging(c.query));
    return ok({ data: page.data.map(endpointJson), hasMore: page.hasMore });
  },

  getEndpoint: (c: Ctx) => ok(endpointJson(endpointOf(c))),

  enableEndpoint: (c: Ctx) => {
    endpointOf(c).active = true;
    return empty();
  },

  disableEndpoint: (c: Ctx) => {
    const ep = endpointOf(c);
    if (ep.echoesToken) throw new ApiError(409, `Endpoint ${ep.token} cannot be disabled now: a request is being served.`);
    ep.active = false;
    return empty();
  },

  listEndpointRequests: (c: Ctx) => {
    const ep = endpointOf(c);
    const q = historyQuery(c.query, SORT_BY.endpointRequests);
    // Requests are never created through the API: the whole log is the lazy series.
    const page = pageHistory<never>(ep.history, { items: [], dateOf: () => 0, failed: () => false }, q);
    return ok({ data: page.refs.flatMap((ref) => (ref.kind === 'lazy' ? [requestJson(lazyRequestFacts(ep, ref.index))] : [])), hasMore: page.hasMore });
  },

  getEndpointRequest: (c: Ctx) => {
    const ep = endpointOf(c);
    const id = c.params['executionId'] ?? '';
    const index = requestIndex(ep, id);
    if (index === undefined) throw notFound('Request', `'${id}'`);
    return ok(requestDetailsJson(lazyRequestFacts(ep, index), ep, c.state.shapes));
  },
} satisfies Partial<Record<OperationId, Handler>>;
