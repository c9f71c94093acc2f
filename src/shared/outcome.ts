// How a run, snapshot or execution stands, from the state word the service sent. Both API
// descriptions have open enums (`Executing`, `Killing`, states not seen yet), so an unknown word
// stays displayable as 'unknown' and never throws.

export type Outcome = 'running' | 'queued' | 'succeeded' | 'failed' | 'canceled' | 'unknown';

export function outcomeOf(state: string | null | undefined): Outcome {
  switch ((state ?? '').toLowerCase()) {
    case 'running':
    case 'executing':
    case 'canceling':
    case 'cancelling':
    case 'killing':
      return 'running';
    case 'new':
    case 'queued':
      return 'queued';
    case 'succeeded':
    case 'success':
    case 'completed':
      return 'succeeded';
    case 'failed':
    case 'error':
      return 'failed';
    case 'canceled':
    case 'cancelled':
    case 'killed':
      return 'canceled';
    default:
      return 'unknown';
  }
}

/** Still going: queued or running (a cancel in progress counts as running). */
export function isActive(outcome: Outcome): boolean {
  return outcome === 'running' || outcome === 'queued';
}

/** Over, one way or another. */
export function isFinished(outcome: Outcome): boolean {
  return outcome === 'succeeded' || outcome === 'failed' || outcome === 'canceled';
}
