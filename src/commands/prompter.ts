// Every question and message a command shows goes through a Prompter: confirmations, quick
// picks, input boxes, notifications, progress. Actions never call `window.*` themselves — the
// runner does, through this — so the whole conversation of a command can be scripted and read
// back in the integration tests (see `ScriptedPrompter`), while users get VS Code's own UI.
import vscode = require('vscode');
import * as os from 'node:os';
import type { Shown } from '../shared/plainText';

export type Severity = 'info' | 'warning' | 'error';

export interface PickItem<T> extends vscode.QuickPickItem {
  value: T;
}

export interface PickOptions {
  title: string;
  placeholder?: string;
  /** Text typed into the filter: offered as an extra item (a role id typed by hand…). */
  typed?: (text: string) => PickItem<unknown> | undefined;
}

export interface SaveOptions {
  title: string;
  /** The file name offered (in the workspace's first folder, else the home folder). */
  name: string;
  /** "CSV" → ["csv"]: the types offered, the first one chosen. */
  filters: Record<string, string[]>;
  /** The dialog's button. */
  button: string;
}

export interface ProgressOptions {
  /** A Cancel button: the progress shows as a notification, wherever the view is. */
  cancellable?: boolean;
}

/** What a long piece of work says as it goes ("400 runs read"). */
export type ProgressReport = (message: string) => void;

export interface InputOptions {
  title: string;
  prompt: string;
  value?: string;
  placeholder?: string;
  /** An error text for the value, or undefined when it is acceptable. */
  validate?(value: string): string | undefined;
}

export interface Prompter {
  /** A modal question naming what is about to happen; true only for the confirming button. */
  confirm(message: string, detail: string, button: string): Promise<boolean>;
  pick<T>(items: PickItem<T>[], options: PickOptions): Promise<T | undefined>;
  pickMany<T>(items: PickItem<T>[], options: PickOptions): Promise<T[] | undefined>;
  input(options: InputOptions): Promise<string | undefined>;
  /** A notification; resolves with the button chosen, if any. */
  message(severity: Severity, text: string, ...buttons: string[]): Promise<string | undefined>;
  /** Runs work under a progress indicator; `cancellable` offers a Cancel button, which aborts `signal`. */
  progress<T>(title: string, work: (signal: AbortSignal, report: ProgressReport) => Promise<T>, options?: ProgressOptions): Promise<T>;
  /** A save dialog: the file chosen, or `undefined`. */
  saveAs(options: SaveOptions): Promise<vscode.Uri | undefined>;
  /** A short note in the status bar (copied to the clipboard…). */
  status(text: string): void;
}

/** The real thing: VS Code's modal dialogs, quick picks, input boxes and notifications. */
export class WindowPrompter implements Prompter {
  constructor(private readonly viewVisible: () => boolean) {}

  async confirm(message: string, detail: string, button: string): Promise<boolean> {
    return (await vscode.window.showWarningMessage(message, { modal: true, detail }, button)) === button;
  }

  pick<T>(items: PickItem<T>[], options: PickOptions): Promise<T | undefined> {
    return this.quickPick(items, options, false).then((v) => v?.[0]);
  }

  pickMany<T>(items: PickItem<T>[], options: PickOptions): Promise<T[] | undefined> {
    return this.quickPick(items, options, true);
  }

  input(options: InputOptions): Promise<string | undefined> {
    return Promise.resolve(
      vscode.window.showInputBox({
        title: options.title,
        prompt: options.prompt,
        value: options.value,
        placeHolder: options.placeholder,
        ignoreFocusOut: true,
        validateInput: options.validate,
      }),
    );
  }

  message(severity: Severity, text: string, ...buttons: string[]): Promise<string | undefined> {
    const show =
      severity === 'error' ? vscode.window.showErrorMessage : severity === 'warning' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    return Promise.resolve(show(text, ...buttons));
  }

  progress<T>(title: string, work: (signal: AbortSignal, report: ProgressReport) => Promise<T>, options: ProgressOptions = {}): Promise<T> {
    // In the view when it is on screen (a thin bar over the tree), else as a notification; work
    // that may take long and can be stopped always shows its Cancel button.
    const location = this.viewVisible() && !options.cancellable ? { viewId: 'skyvia.explorer' } : vscode.ProgressLocation.Notification;
    return Promise.resolve(
      vscode.window.withProgress({ location, title, cancellable: location === vscode.ProgressLocation.Notification }, (progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        return work(controller.signal, (message) => progress.report({ message }));
      }),
    );
  }

  async saveAs(options: SaveOptions): Promise<vscode.Uri | undefined> {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(os.homedir());
    return vscode.window.showSaveDialog({
      title: options.title,
      defaultUri: vscode.Uri.joinPath(folder, options.name),
      filters: options.filters,
      saveLabel: options.button,
    });
  }

  status(text: string): void {
    vscode.window.setStatusBarMessage(text, 4000);
  }

  private quickPick<T>(items: PickItem<T>[], options: PickOptions, many: boolean): Promise<T[] | undefined> {
    return new Promise((resolve) => {
      const qp = vscode.window.createQuickPick<PickItem<unknown>>();
      qp.title = options.title;
      qp.placeholder = options.placeholder;
      qp.canSelectMany = many;
      qp.ignoreFocusOut = true;
      qp.matchOnDescription = true;
      qp.items = items;
      qp.selectedItems = many ? items.filter((i) => i.picked) : [];
      let typed: PickItem<unknown> | undefined;
      let result: T[] | undefined;
      const subscriptions = [
        qp.onDidChangeValue((text) => {
          const extra = options.typed?.(text.trim());
          if (extra?.label === typed?.label) return;
          typed = extra;
          const selected = qp.selectedItems;
          qp.items = extra ? [extra, ...items] : items;
          if (many) qp.selectedItems = selected.filter((s) => qp.items.includes(s));
        }),
        qp.onDidAccept(() => {
          const chosen = many ? qp.selectedItems : [qp.selectedItems[0] ?? qp.activeItems[0]].filter(Boolean);
          if (!many && !chosen.length) return;
          result = chosen.map((i) => i.value as T);
          qp.hide();
        }),
        qp.onDidHide(() => {
          for (const s of subscriptions) s.dispose();
          qp.dispose();
          resolve(result);
        }),
      ];
      qp.show();
    });
  }
}

/**
 * The prompter commands use; the test harness swaps in a scripted one, everything else keeps the
 * window's. Every text of every question and message passes here, whoever asks: it is where API
 * text is cleaned and secrets redacted before a person sees them (the runner's messages, its
 * confirmations, the watcher's notifications, pickers of items).
 */
export class PrompterSwitch implements Prompter {
  /** Under a test harness only: every text shown to the user, so a sweep can look for secrets in them. */
  said?: string[];

  constructor(
    public current: Prompter,
    private readonly shown: Shown,
  ) {}

  confirm(message: string, detail: string, button: string): Promise<boolean> {
    const [m, d] = [this.shown.line(message, 1_000), this.shown.block(detail)];
    this.record(m, d);
    return this.current.confirm(m, d, button);
  }

  pick<T>(items: PickItem<T>[], options: PickOptions): Promise<T | undefined> {
    return this.current.pick(this.items(items), this.pickOptions(options));
  }

  pickMany<T>(items: PickItem<T>[], options: PickOptions): Promise<T[] | undefined> {
    return this.current.pickMany(this.items(items), this.pickOptions(options));
  }

  input(options: InputOptions): Promise<string | undefined> {
    return this.current.input(options);
  }

  message(severity: Severity, text: string, ...buttons: string[]): Promise<string | undefined> {
    const t = this.shown.line(text, 2_000);
    this.record(t);
    return this.current.message(severity, t, ...buttons);
  }

  progress<T>(title: string, work: (signal: AbortSignal, report: ProgressReport) => Promise<T>, options?: ProgressOptions): Promise<T> {
    const t = this.shown.line(title, 200);
    this.record(t);
    return this.current.progress(t, (signal, report) => work(signal, (message) => report(this.shown.line(message, 200))), options);
  }

  saveAs(options: SaveOptions): Promise<vscode.Uri | undefined> {
    return this.current.saveAs({ ...options, title: this.shown.line(options.title, 200), name: this.shown.line(options.name, 200) });
  }

  status(text: string): void {
    const t = this.shown.line(text, 200);
    this.record(t);
    this.current.status(t);
  }

  /** Items of a picker (names, e-mails, descriptions from the API), cleaned; their values as they were. */
  private items<T>(items: PickItem<T>[]): PickItem<T>[] {
    const line = (t: string | undefined) => (t === undefined ? undefined : this.shown.line(t, 300));
    return items.map((i) => ({ ...i, label: this.shown.line(i.label, 300), description: line(i.description), detail: line(i.detail) }));
  }

  private pickOptions(options: PickOptions): PickOptions {
    const typed = options.typed;
    if (!typed) return options;
    return {
      ...options,
      typed: (text) => {
        const item = typed(text);
        return item && this.items([item])[0];
      },
    };
  }

  private record(...texts: string[]): void {
    if (this.said && this.said.length < 5_000) this.said.push(...texts);
  }
}
