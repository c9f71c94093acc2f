// THE command table: every command the extension registers. Actions (one request per target,
// run by the ActionRunner) and plain handlers (session, tree, filters). package.json
// `contributes.commands` lists the same ids (test/unit/manifest.test.ts keeps the two in step).
import vscode = require('vscode');
import { l10n } from 'vscode';
import { isSkyviaError } from '../api';
import { CommandId } from '../shared/commandIds';
import { asRef, ownedBy } from '../shared/refs';
import { ACTIONS } from './actions/all';
import { openLog } from './actions/openLog';
import { exportHistory } from './actions/exportHistory';
import * as auth from './auth';
import type { CommandDeps, Handler } from './deps';
import * as filters from './filters';
import * as tree from './tree';
import { goToFirstError } from '../logs/logLanguage';
import { switchLogDiff } from '../logs/logDiff';
import { showRunning } from '../watch/runningPicker';

/** Commands that are not one action on a target. */
const HANDLERS: Partial<Record<CommandId, Handler>> = {
  [CommandId.signIn]: auth.signIn,
  [CommandId.addAccount]: auth.signIn,
  [CommandId.renameAccount]: auth.renameAccount,
  [CommandId.signOut]: auth.signOut,
  [CommandId.tryDemo]: auth.tryDemo,
  [CommandId.showLog]: tree.showLog,
  [CommandId.refresh]: tree.refresh,
  [CommandId.refreshNode]: tree.refreshNode,
  [CommandId.loadMore]: tree.loadMore,
  [CommandId.filter]: filters.filter,
  [CommandId.filterHistory]: filters.filterHistory,
  [CommandId.clearFilter]: filters.clearFilter,
  [CommandId.refreshLog]: async (d, given) => {
    // The log whose title bar was clicked (VS Code passes its URI), else the one on show.
    const uri = given instanceof vscode.Uri ? given : vscode.window.activeTextEditor?.document.uri;
    const target = uri && (await d.logs()).targetOf(uri);
    if (!target) return void d.prompter.message('info', l10n.t('Open a Skyvia log first (Open Log on a run, snapshot, execution or request).'));
    return d.runner.execute(openLog, [target, undefined, { refresh: true }]);
  },
  [CommandId.goToFirstError]: (_d, given) => goToFirstError(given),
  [CommandId.compareRawLogs]: async (d, given) => switchLogDiff(await d.logs(), given, false),
  [CommandId.compareMaskedLogs]: async (d, given) => switchLogDiff(await d.logs(), given, true),
  [CommandId.showRunning]: (d) =>
    showRunning({ runs: d.runs, nodesOf: (ref) => d.provider.nodesOf(ref), treeView: d.treeView, accountName: (a) => d.accounts.nameIfSeveral(a) }),
  [CommandId.showPinned]: (d) => tree.showPinned(d),
  // The title bar's Keep Open passes nothing of ours: the active preview panel (a ref from code: its panel).
  [CommandId.keepPanelOpen]: async (d, given) => (await d.panels()).keepOpen(asRef(given)),
  [CommandId.refreshFailures]: async (d) => (await d.failures()).refresh(),
  [CommandId.cancelFailures]: async (d) => (await d.failures()).cancel(),
  [CommandId.failuresLast24Hours]: async (d) => (await d.failures()).setRange('24h'),
  [CommandId.failuresLast7Days]: async (d) => (await d.failures()).setRange('7d'),
  [CommandId.failuresLast30Days]: async (d) => (await d.failures()).setRange('30d'),
  [CommandId.showRunsGrid]: async (d) => (await d.runsGrid()).show(),
  [CommandId.failuresShowMore]: async (d, account) => (await d.failures()).showMore(account),
  [CommandId.failuresGroupByCause]: async (d) => (await d.failures()).groupByCause(true),
  [CommandId.failuresListEach]: async (d) => (await d.failures()).groupByCause(false),
  // From the tree: the history as its node filters it (what the user sees is what is written).
  [CommandId.exportHistory]: (d, node, selection, given) =>
    d.runner.execute(exportHistory, [node, selection, { ...filters.givenFilterOf(node), ...(given as object | undefined) }]),
};

/** Commands that work without a session. */
const SIGNED_OUT_OK = new Set<string>([
  CommandId.signIn,
  CommandId.addAccount,
  CommandId.renameAccount,
  CommandId.signOut,
  CommandId.tryDemo,
  CommandId.showLog,
  CommandId.refresh,
  CommandId.goToFirstError,
]);

/**
 * Every command's handler behind one function: the entry point registers the ids (so nothing
 * here is loaded before a command is used) and calls this with the id and VS Code's arguments.
 */
export function commandDispatcher(deps: CommandDeps): (id: string, args: unknown[]) => Promise<unknown> {
  const table = new Map<string, Handler>(Object.entries(HANDLERS) as [string, Handler][]);
  /** Actions on a row: VS Code hands them the row, or nothing from the palette; never an empty place but when it lost the row. */
  const onRows = new Set<string>();
  // An action's own handler (above) goes first: it adds what only the clicked node knows.
  for (const action of ACTIONS)
    if (!table.has(action.id)) {
      table.set(action.id, (d, ...args) => d.runner.execute(action, args));
      onRows.add(action.id);
    }
  const missing = Object.values(CommandId).filter((id) => !table.has(id));
  // l10n-ignore: a programming error, caught by the tests before any release
  if (missing.length) throw new Error(`commands without a handler: ${missing.join(', ')}`);
  return async (id, args) => {
    const handler = table.get(id);
    // l10n-ignore: a programming error: every id VS Code calls this with is registered from the table above
    if (!handler) throw new Error(`no command ${id}`);
    if (!SIGNED_OUT_OK.has(id) && !deps.accounts.usable().length) {
      await deps.accounts.resolve().catch(() => undefined);
      if (!deps.accounts.usable().length) return notSignedIn(deps);
    }
    // A row's menu whose row VS Code could no longer hand over: it was forgetting and asking again
    // for the rows below one it had just been told of (tree/changeTeller.ts). Said, never taken
    // for the palette (no picker that asks for what the person had already chosen). Only an
    // action on rows: a view's title buttons are handed an empty place too.
    if (onRows.has(id) && args.length > 0 && args[0] === undefined) return rowLost(deps, id);
    try {
      // A ref given without its account (a keybinding, a script) means the first account signed in.
      const first = deps.accounts.usable()[0];
      return await handler(deps, ...args.map((a) => ownedBy(a, first)));
    } catch (e) {
      report(deps, id, e);
      return undefined;
    }
  };
}

function rowLost({ log, prompter }: Pick<CommandDeps, 'log' | 'prompter'>, id: string): void {
  log.warn(`${id} came from a row VS Code no longer knew (it was being drawn again): nothing was done.`);
  void prompter.message('info', l10n.t('That row was being redrawn as it was chosen, so nothing was done: choose it again.'));
}

function notSignedIn({ prompter }: Pick<CommandDeps, 'prompter'>): void {
  const [signIn, demo] = [l10n.t('Sign In'), l10n.t('Try the Demo Account')];
  void prompter.message('info', l10n.t('Sign in to Skyvia first, or try the demo account.'), signIn, demo).then((choice) => {
    if (choice === signIn) void vscode.commands.executeCommand(CommandId.signIn);
    if (choice === demo) void vscode.commands.executeCommand(CommandId.tryDemo);
  });
}

/** One place where a command that failed outside an action is told to the user (in the server's words) and logged. */
function report({ log, prompter }: Pick<CommandDeps, 'log' | 'prompter'>, id: string, error: unknown): void {
  if (isSkyviaError(error, 'cancelled')) return;
  const message = log.redact(isSkyviaError(error) ? error.userMessage : error instanceof Error ? error.message : String(error));
  log.error(`${id} failed`, error);
  void prompter.message('error', message, l10n.t('Show Log')).then((choice) => {
    if (choice) log.show();
  });
}
