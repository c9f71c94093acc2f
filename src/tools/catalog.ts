// Every language-model tool, in the order the chat lists them. package.json
// `contributes.languageModelTools` declares the same names and schemas (test/unit/tools.test.ts
// keeps the two in step). No `vscode` here: the specs are plain code.
import { setEnabled, startRun, stopRun, testItem } from './actionTools';
import { failureCauses } from './failureCauses';
import { findItems } from './findItems';
import { recentRuns } from './recentRuns';
import { runDetails } from './runDetails';
import type { AnyToolSpec } from './toolSpec';

export const TOOLS: AnyToolSpec[] = [findItems, recentRuns, failureCauses, runDetails, testItem, startRun, stopRun, setEnabled];
