// skyvia_find_items (#skyviaFind): items by name across the account's workspaces, with the ids
// every other tool takes. The progress line is the person's; the answer, the model's (in English).
import * as l10n from '@vscode/l10n';
import { WORKSPACE_ITEM_KINDS, type WorkspaceItemKind } from '../shared/refs';
import { KINDS } from '../kinds';
import { itemJson, searchItems, workspacesIn, workspacesText } from './itemSearch';
import type { ToolSpec } from './toolSpec';

interface FindInput {
  query?: string;
  kinds: WorkspaceItemKind[];
  workspaceId?: number;
  limit: number;
}

export const findItems: ToolSpec<FindInput> = {
  name: 'skyvia_find_items',
  read: (input) => ({
    query: input.string('query'),
    kinds: input.list('kinds', WORKSPACE_ITEM_KINDS) ?? [...WORKSPACE_ITEM_KINDS],
    workspaceId: input.int('workspaceId'),
    limit: input.int('limit', { max: 50 }) ?? 20,
  }),
  doing: (i) => (i.query ? l10n.t('Looking for “{0}” in Skyvia', i.query) : l10n.t('Listing Skyvia items')),
  async run(ctx, i) {
    const scopes = await workspacesIn(ctx, i.workspaceId);
    const found = await searchItems(ctx, i.kinds, scopes, i.query);
    const where = workspacesText(scopes, true);
    const plural = i.kinds.map((k) => KINDS[k].english[1]);
    // l10n-ignore: the model reads this
    const what =
      i.kinds.length === WORKSPACE_ITEM_KINDS.length
        ? 'items'
        : plural.length > 1
          ? `${plural.slice(0, -1).join(', ')} and ${plural[plural.length - 1]}`
          : plural[0];
    // l10n-ignore: the model reads this
    if (!found.length) return `No ${what}${i.query ? ` with “${i.query}” in the name` : ''} in ${where}.`;
    const shown = found.slice(0, i.limit);
    return [
      // l10n-ignore: the model reads this
      `${found.length} ${what}${i.query ? ` with “${i.query}” in the name` : ''} in ${where}${found.length > shown.length ? `; the first ${shown.length}` : ''}:`,
      ...shown.map((f) => JSON.stringify(itemJson(f, ctx))),
      // l10n-ignore: the model reads this
      'Pass `workspaceId` and `id` to skyvia_recent_runs, skyvia_start_run, skyvia_set_enabled or skyvia_test.',
    ].join('\n');
  },
};
