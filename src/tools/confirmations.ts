// The rule that keeps a "No" a no: a tool that changes something acts only on a confirmation
// VS Code showed for that very call, and the person accepted.
//
// What VS Code (1.100) does, for the chat and for `vscode.lm.invokeTool` from another extension:
// it calls `prepareInvocation`; if that returns `confirmationMessages` it asks (the chat's
// Continue/Cancel, or a modal dialog when no chat is involved); only on "yes" does it call
// `invoke`, with the same input. On "no" — or a cancelled request — `invoke` is never called, and
// nothing tells the tool. `invoke` gets no id tying it to its preparation for calls from another
// extension, so the only link between the two is the (tool, input) pair, and a preparation whose
// question was declined looks exactly like one still waiting for an answer.
//
// So a confirmation is a single-use ticket per (tool, input), and:
// 1. Every preparation for a key first voids the key's ticket, whatever it then finds: a declined
//    question never stands in for a later call, even one whose preparation fails.
// 2. A ticket is issued only by a preparation that returns `confirmationMessages` — nothing is
//    kept for one that asks nothing (signed out, a read failed, no such item, several match).
// 3. Two preparations of one key under way at once (the same call twice, concurrently): neither
//    issues a ticket, since either acceptance could be taken for the other.
// 4. A preparation that voided a ticket whose question may still be open issues its own only
//    for the same item: an answer to the older question then acts on the item it named, never on
//    one a name has come to mean since.
// 5. `invoke` takes the key's ticket (so a second invoke finds none), and only one younger than
//    TICKET_TTL_MS: a question left unanswered that long is asked again, not acted on.
// Anything else: nothing is done, and the answer says so.

/** How long a person may take to answer. Past it, acting would rest on a question too old to trust. */
export const TICKET_TTL_MS = 2 * 60_000;

/** One preparation under way. */
export interface Preparation<T> {
  readonly key: string;
  /** The target of the ticket this preparation voided, while that ticket's question could be open. */
  readonly replaced?: T;
  /** Another preparation of the same key ran at the same time. */
  overlapped: boolean;
}

interface Ticket<T> {
  target: T;
  at: number;
}

export class ConfirmationTickets<T> {
  private readonly tickets = new Map<string, Ticket<T>>();
  private readonly preparing = new Map<string, Set<Preparation<T>>>();

  constructor(
    /** Whether two targets are the same item. */
    private readonly same: (a: T, b: T) => boolean,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = TICKET_TTL_MS,
  ) {}

  /** A preparation starts: the key's ticket is void from now on (rule 1). Call `end` in any case. */
  begin(key: string): Preparation<T> {
    const old = this.tickets.get(key);
    this.tickets.delete(key);
    const running = this.preparing.get(key) ?? new Set<Preparation<T>>();
    const prep: Preparation<T> = { key, overlapped: running.size > 0, ...(old && this.fresh(old) ? { replaced: old.target } : {}) };
    for (const other of running) other.overlapped = true;
    running.add(prep);
    this.preparing.set(key, running);
    return prep;
  }

  /**
   * A preparation ends, with the target its question names (`undefined`: it asks nothing). True
   * when a ticket was issued — then, and only then, the question may be asked (rules 2–4).
   */
  end(prep: Preparation<T>, target?: T): boolean {
    const running = this.preparing.get(prep.key);
    running?.delete(prep);
    if (running && !running.size) this.preparing.delete(prep.key);
    if (target === undefined || prep.overlapped) return false;
    if (prep.replaced !== undefined && !this.same(prep.replaced, target)) return false;
    this.tickets.set(prep.key, { target, at: this.now() });
    return true;
  }

  /** The key's ticket, used up: what `invoke` may act on, if anything (rule 5). */
  take(key: string): T | undefined {
    const ticket = this.tickets.get(key);
    this.tickets.delete(key);
    this.sweep();
    return ticket && this.fresh(ticket) ? ticket.target : undefined;
  }

  /** Tickets held (tests). */
  get size(): number {
    return this.tickets.size;
  }

  private fresh(ticket: Ticket<T>): boolean {
    return this.now() - ticket.at <= this.ttlMs;
  }

  /** Declined questions leave tickets behind: the stale ones go whenever one is taken. */
  private sweep(): void {
    for (const [key, ticket] of this.tickets) if (!this.fresh(ticket)) this.tickets.delete(key);
  }
}

/** The key of a call: the tool and its input, written the same whatever the order of the input's fields. */
export function callKey(tool: string, input: unknown): string {
  const sorted = (_: string, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v;
  return `${tool}:${JSON.stringify(input ?? {}, sorted)}`;
}
