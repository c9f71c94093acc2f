// Details documents, loaded with the first Show Details or a details tab restored after a reload.
// A run under way's open details follow it; an account's tabs close when it is signed out.
import { ItemDocuments } from '../documents/itemDocuments';
import type { Parts } from './parts';

export function startDocuments(p: Parts): ItemDocuments {
  const documents = new ItemDocuments({
    read: (ref) => p.reader.readItem(ref),
    factsOf: (ref) => p.reader.factsOf(ref),
    signedIn: p.signedIn,
    shown: p.shown,
    accountName: (account) => p.accounts.nameIfSeveral(account),
  });
  p.context.subscriptions.push(
    documents,
    documents.onDidChangeFile((changes) => p.shell.changed.itemDocuments.fire(changes)),
    p.runs.onDidChange(({ after }) => after && documents.follow(after)),
    p.runs.onDidEnd((run) => documents.follow(run)),
    p.accountEnded((account) => void documents.closeAll(account)),
  );
  return documents;
}
