// The commands, loaded with the first one run (or the first panel button, notification button
// or chat tool that acts): the prompter every command talks through, the target pickers, the
// action runner, and the dispatcher the entry point's registrations forward to.
import vscode = require('vscode');
import { commandDispatcher } from '../commands';
import { ACTIONS } from '../commands/actions/all';
import { buildActionContext } from '../commands/actionContext';
import type { CommandDeps } from '../commands/deps';
import { PrompterSwitch, WindowPrompter } from '../commands/prompter';
import { ActionRunner, type ActionReport } from '../commands/runner';
import { TargetResolver } from '../commands/targets';
import type { Target } from '../shared/refs';
import type { Features, Parts } from './parts';

export interface Commands {
  prompter: PrompterSwitch;
  runner: ActionRunner;
  /** A panel's button or a notification's: the tree's action, through the runner, its report back. */
  act(command: string, target: Target, given?: unknown): Promise<ActionReport | undefined>;
  /** Runs a command as the entry point's registration received it. */
  command(id: string, args: unknown[]): Promise<unknown>;
}

export function startCommands(p: Parts, f: Features): Commands {
  const { accounts, provider, log, context, shown } = p;
  const prompter = new PrompterSwitch(new WindowPrompter(() => p.shell.treeView.visible), shown);
  const targets = new TargetResolver({
    accounts,
    prompter,
    memento: context.globalState,
    nodesOf: (ref) => provider.nodesOf(ref),
  });
  // What every command works with: one object, made once from the body's parts.
  const deps: CommandDeps = {
    accounts,
    provider,
    treeView: p.shell.treeView,
    log,
    settings: () => p.settings.get(),
    facts: p.facts,
    runs: p.runs,
    reader: p.reader,
    pins: p.pins,
    shown,
    prompter,
    documents: f.documents,
    logs: f.logs,
    panels: async () => (await f.panels()).panels,
    failures: f.failures,
    runsGrid: f.runsGrid,
    pinWatcher: async () => (await f.pins()).watcher,
    runner: new ActionRunner({
      context: () => buildActionContext(deps),
      targets,
      prompter,
      log,
      authFailed: (account, e) => void accounts.tokenRejected(account, e),
    }),
  };
  const act = async (command: string, target: Target, given?: unknown): Promise<ActionReport | undefined> => {
    const action = ACTIONS.find((a) => a.id === command);
    if (action) return deps.runner.execute(action, [target, undefined, given]);
    await vscode.commands.executeCommand(command, target);
    return undefined;
  };
  return { prompter, runner: deps.runner, act, command: commandDispatcher(deps) };
}
