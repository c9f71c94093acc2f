// The "Skyvia" log: one LogOutputChannel, created on the first line written (not at activation),
// with every secret the extension has seen redacted from every line — whatever the caller passes
// in. Its `Secrets` are the ones every API client of the session fills (the token, agent keys and
// endpoint tokens read), and `redact` is the one redaction everything shown goes through.
import vscode = require('vscode');
import { Secrets, type RequestLogEntry } from '../api';
import { formatRequestLine } from '../shared/format';
import { cleanBlock } from '../shared/plainText';

export class OutputLog implements vscode.Disposable {
  private channel?: vscode.LogOutputChannel;

  constructor(readonly secrets = new Secrets()) {}

  /** Registers a token that must never appear in the log or on screen. */
  addSecret(secret: string | undefined): void {
    this.secrets.add(secret, 'token');
  }

  redact(text: string): string {
    return this.secrets.redact(text);
  }

  info(message: string): void {
    this.out().info(this.shown(message));
  }

  warn(message: string): void {
    this.out().warn(this.shown(message));
  }

  error(message: string, error?: unknown): void {
    const detail = error === undefined ? '' : `: ${error instanceof Error ? error.message : String(error)}`;
    this.out().error(this.shown(message + detail));
  }

  /** The client's `onRequest` hook: `GET /v1/workspaces → 200 (12 ms)`. */
  request(entry: RequestLogEntry): void {
    const line = formatRequestLine(entry);
    if (entry.error) this.warn(line);
    else this.info(line);
  }

  show(): void {
    this.out().show(true);
  }

  dispose(): void {
    this.channel?.dispose();
    this.channel = undefined;
  }

  /** A line as written: no control characters (an escape sequence from the service stays out of the channel), no secret. */
  private shown(text: string): string {
    return cleanBlock(text, (t) => this.redact(t));
  }

  private out(): vscode.LogOutputChannel {
    // l10n-ignore: the product's name, the same in every language (and the channel's lines stay English)
    return (this.channel ??= vscode.window.createOutputChannel('Skyvia', { log: true }));
  }
}
