// Every secret the extension has seen — the API token, and each agent key and endpoint token
// the service handed out in a list row or a read — so that none is ever shown or logged, even
// where the service repeats one in its own words ("Agent <key> is offline"). One set per
// extension: the transport adds the token it sends, the client what it parses, and everything
// said to a person or a model (messages, logs, documents, panels, tool answers) is redacted
// through it. Secrets of an earlier session stay known: text of that session may still be about.
import * as l10n from '@vscode/l10n';

/** What a secret is: its redaction says so (`«agent key»`). */
export type SecretKind = 'token' | 'agentKey' | 'endpointToken';

/** Shorter learned values would redact ordinary words; keys and tokens the service issues are long. */
const MIN_LEARNED = 8;
/** A token typed by a person is checked by the service; anything of 4 or more is hidden. */
const MIN_TOKEN = 4;

export class Secrets {
  private readonly known = new Map<string, SecretKind>();
  /** All of them in one pass, longest first (a secret that holds another is hidden whole); rebuilt when one is added. */
  private pattern?: RegExp;

  /** Remembers a value that must never be shown; anything not a string long enough is ignored. */
  add(value: unknown, kind: SecretKind): void {
    if (typeof value !== 'string' || value.length < (kind === 'token' ? MIN_TOKEN : MIN_LEARNED) || this.known.has(value)) return;
    this.known.set(value, kind);
    this.pattern = undefined;
  }

  get size(): number {
    return this.known.size;
  }

  /** The text with every known secret replaced by what it is: `Agent «agent key» is offline`. */
  redact(text: string): string {
    if (!this.known.size || !text) return text;
    this.pattern ??= new RegExp(
      [...this.known.keys()]
        .sort((a, b) => b.length - a.length)
        .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('|'),
      'g',
    );
    return text.replace(this.pattern, (s) => markOf(this.known.get(s) ?? 'token'));
  }
}

/** What a hidden secret reads as, in the user's language: the text around it stays readable. */
function markOf(kind: SecretKind): string {
  switch (kind) {
    case 'agentKey':
      return l10n.t('«agent key»');
    case 'endpointToken':
      return l10n.t('«endpoint token»');
    default:
      return l10n.t('«token»');
  }
}
