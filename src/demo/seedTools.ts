// What every kind's seed is made with: the scale, the anchor every date is relative to, lazy
// histories, creation dates, how many filler items a workspace gets, and the names several kinds
// draw from. Deterministic: values come from fixed tables or from hashes of ids (random.ts).

import { scaledCount } from './fixtures';
import { Series } from './history';
import { hash32, intIn, unit } from './random';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Connectors and the objects they hold, for filler items' names. */
export const SOURCES: [string, string[]][] = [
  ['Salesforce', ['Accounts', 'Contacts', 'Leads', 'Opportunities']],
  ['HubSpot', ['Contacts', 'Deals', 'Companies']],
  ['Zendesk', ['Tickets', 'Users']],
  ['Shopify', ['Orders', 'Products', 'Customers']],
  ['Stripe', ['Charges', 'Payouts', 'Invoices']],
  ['QuickBooks Online', ['Invoices', 'Bills']],
  ['Jira', ['Issues', 'Sprints']],
  ['Mailchimp', ['Campaigns', 'Members']],
  ['PostgreSQL', ['orders', 'customers', 'inventory']],
  ['MySQL', ['events', 'sessions']],
];
/** How often filler items run, in hours. */
export const EVERY_HOURS = [1, 6, 12, 24, 48];

export interface SeedTools {
  /** Dates are relative to this instant (the hour the service started). */
  anchorMs: number;
  scale: number;
  /** A count of the seed at this scale (histories, log lines). */
  count(base: number): number;
  /**
   * The lazy history of item `id` of the kind salted `salt` (equal ids of different kinds get
   * unrelated values): `items` entries at scale 1, one every `everyHours`, ending at the anchor.
   */
  series(salt: number, id: number, items: number, everyHours: number, failRate: number): Series;
  /** When an item was created (days before its history's first entry) and last modified. */
  createdBefore(s: Series, salt: number, id: number): { created: number; modified: number };
  /** How many filler items a workspace gets for a kind that has `fixtures` hand-written ones there. */
  fillerFor(fixtures: number): number;
  /**
   * The hand-written rows, then each workspace's filler after them, as many as `fillerFor` gives
   * for its hand-written ones, in the order workspaces first appear: filler `k` (counted within
   * its workspace) takes the next id from `firstId` on.
   */
  withFiller<T extends { ws: number }>(rows: readonly T[], firstId: number, filler: (id: number, ws: number, k: number) => T): T[];
}

export function seedTools(scale: number, anchorMs: number): SeedTools {
  const count = (base: number): number => scaledCount(base, scale);
  const fillerFor = (fixtures: number): number => Math.max(0, Math.round(fixtures * scale) - fixtures);
  // Histories keep their time span at any scale: more items, closer together.
  const interval = (hours: number): number => (hours * HOUR) / scale;
  return {
    anchorMs,
    scale,
    count,
    series: (salt, id, items, everyHours, failRate) =>
      new Series({ seed: hash32(salt, id), count: count(items), endMs: anchorMs, intervalMs: interval(everyHours), failRate }),
    createdBefore: (s, salt, id) => {
      const created = s.dateOf(0) - intIn(3, 90, salt, id, 1) * DAY - intIn(0, 86_399, salt, id, 2) * 1000;
      const modified = created + Math.floor(unit(salt, id, 3) * (anchorMs - created) * 0.9);
      return { created, modified };
    },
    fillerFor,
    withFiller: (rows, firstId, filler) => {
      const perWorkspace = new Map<number, number>();
      for (const r of rows) perWorkspace.set(r.ws, (perWorkspace.get(r.ws) ?? 0) + 1);
      const out = [...rows];
      let id = firstId;
      for (const [ws, n] of perWorkspace) for (let k = 0; k < fillerFor(n); k++) out.push(filler(id++, ws, k));
      return out;
    },
  };
}
