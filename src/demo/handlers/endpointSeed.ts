// The published endpoints of the demo account: hand-written ones with the fixtures' ids, then
// filler at scales above 1. Their request logs are lazy histories only.

import { DEMO_FIXTURES as F } from '../fixtures';
import { hexBy, intIn, pickBy, unit } from '../random';
import type { Series } from '../history';
import { EVERY_HOURS, type SeedTools } from '../seedTools';

/** Hash salt of endpoints: equal ids of different kinds get unrelated values. */
const SALT = 6;
const W = F.workspaces;

export interface EndpointRec {
  id: number;
  workspaceId: number;
  name: string | null;
  type: 'OData' | 'Sql';
  token: string;
  active: boolean;
  created: number;
  modified: number;
  entities: string[];
  history: Series;
  /** The user agent of every request, if not one of the usual ones. */
  userAgent?: string;
  /** Disabling it fails with a message that repeats its token. */
  echoesToken?: boolean;
}

interface EndpointSeed {
  id: number;
  ws: number;
  name: string | null;
  type: 'OData' | 'Sql';
  active: boolean;
  requests: number;
  everyHours: number;
  failRate: number;
  entities: string[];
  userAgent?: string;
  echoesToken?: boolean;
}

const ENDPOINTS: EndpointSeed[] = [
  {
    id: F.endpoints.odata.endpointId,
    ws: W.dataPlatform,
    name: 'Warehouse OData',
    type: 'OData',
    active: true,
    requests: F.endpoints.odata.requests,
    everyHours: 2,
    failRate: 0.06,
    entities: ['Orders', 'OrderLines', 'Customers', 'Products'],
  },
  {
    id: F.endpoints.sql.endpointId,
    ws: W.dataPlatform,
    name: 'Analytics SQL',
    type: 'Sql',
    active: true,
    requests: 48,
    everyHours: 6,
    failRate: 0.1,
    entities: ['daily_revenue', 'orders', 'customers'],
  },
  {
    id: F.endpoints.inactive.endpointId,
    ws: W.dataPlatform,
    name: 'Legacy Orders Feed',
    type: 'OData',
    active: false,
    requests: 25,
    everyHours: 48,
    failRate: 0.2,
    entities: ['Orders'],
  },
  {
    id: 643,
    ws: W.salesOps,
    name: 'Sales Pipeline OData',
    type: 'OData',
    active: true,
    requests: 64,
    everyHours: 4,
    failRate: 0.03,
    entities: ['Opportunities', 'Accounts'],
  },
  {
    id: 644,
    ws: W.finance,
    name: 'Finance Reporting SQL',
    type: 'Sql',
    active: false,
    requests: 30,
    everyHours: 24,
    failRate: 0.05,
    entities: ['invoices', 'payments'],
  },
  // Its entity set's name carries the hostile text into every request's URL, log lines and errors.
  {
    id: F.hostileEndpoint.endpointId,
    ws: W.personal,
    name: F.hostileEndpoint.name,
    type: 'OData',
    active: true,
    requests: 12,
    everyHours: 24,
    failRate: 0.25,
    entities: [`${F.hostileText} ${F.reversingText}`],
    userAgent: `Feed reader/1.0 (${F.reversingText})`,
    echoesToken: true,
  },
];

export function seedEndpoints(t: SeedTools): { items: EndpointRec[] } {
  const items: EndpointRec[] = [];
  const addEndpoint = (e: EndpointSeed): void => {
    const history = t.series(SALT, e.id, e.requests, e.everyHours, e.failRate);
    items.push({
      id: e.id,
      workspaceId: e.ws,
      name: e.name,
      type: e.type,
      token: hexBy(32, SALT, e.id),
      active: e.active,
      ...t.createdBefore(history, SALT, e.id),
      entities: e.entities,
      history,
      ...(e.userAgent === undefined ? {} : { userAgent: e.userAgent }),
      ...(e.echoesToken ? { echoesToken: true } : {}),
    });
  };
  t.withFiller(ENDPOINTS, 701, (id, ws, k): EndpointSeed => {
    const type = unit(SALT, id, 1) < 0.6 ? 'OData' : 'Sql';
    return {
      id,
      ws,
      name: `${type === 'OData' ? 'OData feed' : 'SQL endpoint'} ${k + 1}`,
      type,
      active: unit(SALT, id, 2) < 0.75,
      requests: intIn(10, 60, SALT, id, 3),
      everyHours: pickBy(EVERY_HOURS, SALT, id, 4),
      failRate: 0.05,
      entities: type === 'OData' ? ['Orders', 'Customers'] : ['orders'],
    };
  }).forEach(addEndpoint);
  return { items };
}
