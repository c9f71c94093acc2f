// The chat's language-model tools, loaded with the first tool asked for: the same reads, and the
// same actions through the commands' runner.
import { LanguageModelTools } from '../tools/languageModelTools';
import type { Features, Parts } from './parts';

export async function startTools(p: Parts, f: Features): Promise<LanguageModelTools> {
  const { runner } = await f.commands();
  return new LanguageModelTools({
    accounts: p.accounts,
    reader: p.reader,
    runner,
    shown: p.shown,
    authFailed: (account, e) => void p.accounts.tokenRejected(account, e),
  });
}
