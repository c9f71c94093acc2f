// An agent or connection test answers 200 whether it passed or not: the outcome is only in its
// message. This reads the message as a person would. Any sign of failure wins over words of
// success ("Connection succeeded but the login failed" failed), and a message that says neither
// is "unclear" — never a pass: a failed test must never be called a success.
import type { TestVerdict } from './model';

const FAILURE =
  /\b(fail(s|ed|ure|ing)?|errors?|offline|unreachable|denied|refused|rejected|invalid|unable|cannot|can ?not|can't|could ?n[o']t|timed? ?out|time-?out|unauthori[sz]ed|forbidden|expired|disconnected|down|not (connected|available|found|reachable|responding|running|online|ok)|no (heartbeat|connection|response|route|access))\b/i;
const SUCCESS = /\b(succe(ss|ssful|ssfully|eded|eds)|passed|online|ok|okay|connected|reachable|available|works|working|healthy|alive)\b/i;

export function testVerdict(message: string | null | undefined): TestVerdict {
  const text = (message ?? '').trim();
  if (!text) return 'unclear';
  if (FAILURE.test(text)) return 'failed';
  if (SUCCESS.test(text)) return 'passed';
  return 'unclear';
}
