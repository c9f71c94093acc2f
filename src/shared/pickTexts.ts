// What a palette picker says: its question, and what it says when its list has nothing to choose
// from. Each kind's record words its own (src/kinds); the pickers (commands/targets.ts) show them.

export interface PickTexts {
  placeholder: string;
  empty: string;
}
