// The "Skyvia" log: one LogOutputChannel, created on the first line written (not at activation),
// with every known secret redacted from every line — whatever the caller passes in.
import vscode = require('vscode');
import type { RequestLogEntry } from '../api';
import { formatRequestLine } from '../shared/format';

export class Log implements vscode.Disposable {
  private channel?: vscode.LogOutputChannel;
  private readonly secrets = new Set<string>();

  /** Registers a value (a token) that must never appear in the log or on screen. */
  addSecret(secret: string | undefined): void {
    // Very short values would redact ordinary words; tokens are long.
    if (secret && secret.length >= 4) this.secrets.add(secret);
  }

  redact(text: string): string {
    let out = text;
    for (const secret of this.secrets) out = out.split(secret).join('«token»');
    return out;
  }

  info(message: string): void {
    this.out().info(this.redact(message));
  }

  warn(message: string): void {
    this.out().warn(this.redact(message));
  }

  error(message: string, error?: unknown): void {
    const detail = error === undefined ? '' : `: ${error instanceof Error ? error.message : String(error)}`;
    this.out().error(this.redact(message + detail));
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

  private out(): vscode.LogOutputChannel {
    return (this.channel ??= vscode.window.createOutputChannel('Skyvia', { log: true }));
  }
}
