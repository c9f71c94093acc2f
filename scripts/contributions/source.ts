// The one source of package.json's commands and menus: the commands every kind shares, written
// here, and the commands each kind's record names (its start, its stops, its toggle, its test,
// its secret, its `commands`), placed by the capability they do. scripts/contributions.ts makes
// `contributes.commands` and `contributes.menus` from it; a row's menus select by the command's
// token or a flag on the row (kinds/contextValues.ts), never by its kind.
import { CommandId } from '../../src/shared/commandIds';
import type { Capability, Flag } from '../../src/kinds/contextValues';

/** The views whose rows have menus. */
export const VIEWS = { explorer: 'skyvia.explorer', activity: 'skyvia.activity', failures: 'skyvia.failures' } as const;
export type View = keyof typeof VIEWS;

/** A place in a row's context menu (or `inline` on the row): in which views, and which token shows it (the command's own unless a flag). */
export interface RowPlace {
  views: readonly View[];
  group: string;
  /** A flag that shows it instead of the command's own token (`hasId`: Copy ID on every object). */
  on?: Flag;
  /** A flag the row needs as well as the command's token (`addsInline`: a list's Add on its row). */
  with?: Flag;
}

export interface CommandSource {
  id: CommandId;
  /** A codicon id. */
  icon?: string;
  /** When the palette offers it: `false` never, absent always. */
  palette?: string | false;
  rows?: readonly RowPlace[];
  /** Its place in a view's title bar. */
  title?: readonly { view: View; when?: string; group: string }[];
  /** Its place in an editor's title bar. */
  editor?: readonly { when: string; group: string }[];
}

/** Signed in (or on the demo account): what acts on the account's objects needs it. */
export const SIGNED_IN = 'skyvia.state =~ /^(signedIn|demo)$/';
/** An account is known, even one whose token was refused: what manages accounts needs it. */
const ACCOUNT_KNOWN = 'skyvia.state =~ /^(signedIn|demo|rejected)$/';

/** Compare with Last Success's diff, its logs masked (`/skyvia-logs/masked/…`) or as logged. */
const MASKED_DIFF = 'isInDiffEditor && resourceScheme == skyvia-log && resourcePath =~ /^\\/skyvia-logs\\/masked\\//';
const RAW_DIFF = 'isInDiffEditor && resourceScheme == skyvia-log && resourcePath =~ /^\\/skyvia-logs\\/[^\\/]+$/';

const explorer: readonly View[] = ['explorer'];
const everyView: readonly View[] = ['explorer', 'activity', 'failures'];

/** Where a kind's own command goes, by the capability it does: a new kind's start sits where Run does. */
export const BY_CAPABILITY: Partial<Record<Capability, { icon: string; rows: readonly RowPlace[] }>> = {
  canRun: {
    icon: 'play',
    rows: [
      { views: explorer, group: 'inline@1' },
      { views: explorer, group: '1_actions@1' },
    ],
  },
  canSnapshot: {
    icon: 'play',
    rows: [
      { views: explorer, group: 'inline@1' },
      { views: explorer, group: '1_actions@1' },
    ],
  },
  canCancel: {
    icon: 'debug-stop',
    rows: [
      { views: explorer, group: 'inline@2' },
      { views: explorer, group: '1_actions@2' },
      { views: ['activity'], group: '1_actions@2' },
    ],
  },
  canKill: { icon: 'close', rows: [{ views: explorer, group: '1_actions@3' }] },
  canEnable: { icon: 'check', rows: [{ views: explorer, group: '1_actions@5' }] },
  canDisable: { icon: 'circle-slash', rows: [{ views: explorer, group: '1_actions@6' }] },
  canEnableSchedule: { icon: 'calendar', rows: [{ views: explorer, group: '1_actions@7' }] },
  canDisableSchedule: { icon: 'circle-slash', rows: [{ views: explorer, group: '1_actions@8' }] },
  canTest: {
    icon: 'beaker',
    rows: [
      { views: explorer, group: 'inline@1' },
      { views: explorer, group: '1_actions@1' },
    ],
  },
  canCopyKey: { icon: 'key', rows: [{ views: explorer, group: '8_copy@3' }] },
  canCopyToken: { icon: 'key', rows: [{ views: explorer, group: '8_copy@3' }] },
  canRemove: { icon: 'trash', rows: [{ views: explorer, group: '9_remove@1' }] },
};

/** The commands every kind shares, in the order the Keyboard Shortcuts editor lists them; each kind's own follow `KIND_COMMANDS_AFTER`. */
export const SHARED: readonly CommandSource[] = [
  { id: CommandId.signIn, icon: 'sign-in', title: [{ view: 'explorer', group: '1_account@1' }] },
  {
    id: CommandId.signOut,
    icon: 'sign-out',
    palette: ACCOUNT_KNOWN,
    title: [{ view: 'explorer', when: ACCOUNT_KNOWN, group: '1_account@3' }],
    rows: [{ views: explorer, group: '7_account@2' }],
  },
  { id: CommandId.tryDemo, icon: 'beaker', title: [{ view: 'explorer', when: '!skyvia.demoSignedIn', group: '1_account@2' }] },
  { id: CommandId.addAccount, icon: 'person-add', palette: ACCOUNT_KNOWN, title: [{ view: 'explorer', when: ACCOUNT_KNOWN, group: 'navigation@2' }] },
  { id: CommandId.renameAccount, icon: 'edit', palette: ACCOUNT_KNOWN, rows: [{ views: explorer, group: '7_account@1' }] },
  { id: CommandId.showLog, icon: 'output', title: [{ view: 'explorer', group: '2_log@1' }] },
  { id: CommandId.refresh, icon: 'refresh', palette: SIGNED_IN, title: [{ view: 'explorer', when: SIGNED_IN, group: 'navigation@1' }] },
  {
    id: CommandId.refreshNode,
    icon: 'refresh',
    palette: false,
    rows: [
      { views: explorer, group: 'inline@9', on: 'refreshable' },
      { views: explorer, group: '2_view@2', on: 'refreshable' },
    ],
  },
  { id: CommandId.loadMore, palette: false },
  { id: CommandId.filter, icon: 'filter', palette: false, rows: [{ views: explorer, group: '2_view@3', on: 'searchable' }] },
  { id: CommandId.filterHistory, icon: 'filter', palette: false, rows: [{ views: explorer, group: '2_view@3', on: 'history' }] },
  {
    id: CommandId.clearFilter,
    icon: 'clear-all',
    palette: false,
    rows: [
      { views: explorer, group: 'inline@8', on: 'filtered' },
      { views: explorer, group: '2_view@4', on: 'filtered' },
    ],
  },
  { id: CommandId.openItem, icon: 'go-to-file', palette: SIGNED_IN, rows: [{ views: everyView, group: '2_view@1', on: 'hasId' }] },
  { id: CommandId.copyId, icon: 'copy', palette: SIGNED_IN, rows: [{ views: everyView, group: '8_copy@1', on: 'hasId' }] },
  { id: CommandId.copyJson, icon: 'json', palette: SIGNED_IN, rows: [{ views: everyView, group: '8_copy@2', on: 'hasId' }] },
  { id: CommandId.showActiveRun, icon: 'pulse', palette: SIGNED_IN, rows: [{ views: explorer, group: '1_actions@4' }] },
  { id: CommandId.showRunning, icon: 'sync~spin', palette: SIGNED_IN },
  {
    id: CommandId.inviteUser,
    icon: 'person-add',
    palette: SIGNED_IN,
    rows: [
      { views: explorer, group: 'inline@1', with: 'addsInline' },
      { views: explorer, group: '1_actions@1' },
    ],
  },
  { id: CommandId.resendInvitation, icon: 'mail', palette: SIGNED_IN, rows: [{ views: explorer, group: '1_actions@1' }] },
  { id: CommandId.deleteInvitation, icon: 'trash', palette: SIGNED_IN, rows: [{ views: explorer, group: '9_remove@1' }] },
  { id: CommandId.removeAccountUser, icon: 'trash', palette: SIGNED_IN, rows: [{ views: explorer, group: '9_remove@1' }] },
  {
    id: CommandId.addWorkspaceUser,
    icon: 'person-add',
    palette: SIGNED_IN,
    rows: [
      { views: explorer, group: 'inline@1', with: 'addsInline' },
      { views: explorer, group: '1_actions@2' },
    ],
  },
  { id: CommandId.removeWorkspaceUser, icon: 'trash', palette: SIGNED_IN, rows: [{ views: explorer, group: '9_remove@1' }] },
  { id: CommandId.openLog, icon: 'output', palette: SIGNED_IN, rows: [{ views: everyView, group: '2_view@2' }] },
  {
    id: CommandId.refreshLog,
    icon: 'refresh',
    palette: `${SIGNED_IN} && resourceScheme == skyvia-log`,
    editor: [{ when: 'resourceScheme == skyvia-log', group: 'navigation@2' }],
  },
  {
    id: CommandId.goToFirstError,
    icon: 'error',
    palette: `${SIGNED_IN} && editorLangId == skyvia-log`,
    editor: [{ when: 'resourceScheme == skyvia-log', group: 'navigation@1' }],
  },
  {
    id: CommandId.compareRawLogs,
    icon: 'eye',
    palette: `${SIGNED_IN} && ${MASKED_DIFF}`,
    editor: [{ when: MASKED_DIFF, group: 'navigation@0' }],
  },
  {
    id: CommandId.compareMaskedLogs,
    icon: 'eye-closed',
    palette: `${SIGNED_IN} && ${RAW_DIFF}`,
    editor: [{ when: RAW_DIFF, group: 'navigation@0' }],
  },
  { id: CommandId.openPanel, icon: 'preview', palette: SIGNED_IN, rows: [{ views: everyView, group: '2_view@0' }] },
  {
    // A preview panel's title bar (panels/itemPanels.ts sets the key while one is the active editor).
    id: CommandId.keepPanelOpen,
    icon: 'pin',
    palette: `${SIGNED_IN} && skyvia.previewPanelActive`,
    editor: [{ when: 'activeWebviewPanelId == skyvia.item && skyvia.previewPanelActive', group: 'navigation@0' }],
  },
  { id: CommandId.exportHistory, icon: 'export', palette: SIGNED_IN, rows: [{ views: explorer, group: '2_view@5', on: 'history' }] },
  {
    id: CommandId.compareWithLastSuccess,
    icon: 'diff',
    palette: SIGNED_IN,
    rows: [
      { views: everyView, group: '2_view@3' },
      { views: ['failures'], group: 'inline@1' },
    ],
  },
  {
    id: CommandId.refreshFailures,
    icon: 'refresh',
    palette: SIGNED_IN,
    title: [{ view: 'failures', when: `!skyvia.failuresLoading && ${SIGNED_IN}`, group: 'navigation@2' }],
  },
  {
    id: CommandId.cancelFailures,
    icon: 'debug-stop',
    palette: `${SIGNED_IN} && skyvia.failuresLoading`,
    title: [{ view: 'failures', when: 'skyvia.failuresLoading', group: 'navigation@2' }],
  },
  {
    id: CommandId.failuresLast24Hours,
    icon: 'history',
    palette: SIGNED_IN,
    title: [{ view: 'failures', when: `skyvia.failuresWindow == 7d && ${SIGNED_IN}`, group: 'navigation@1' }],
  },
  {
    id: CommandId.failuresLast7Days,
    icon: 'calendar',
    palette: SIGNED_IN,
    title: [{ view: 'failures', when: `skyvia.failuresWindow != 7d && ${SIGNED_IN}`, group: 'navigation@1' }],
  },
  { id: CommandId.failuresLast30Days, icon: 'calendar', palette: SIGNED_IN },
  {
    id: CommandId.showRunsGrid,
    icon: 'table',
    palette: SIGNED_IN,
    title: [{ view: 'failures', when: SIGNED_IN, group: 'navigation@3' }],
  },
  { id: CommandId.failuresShowMore, palette: false },
  {
    id: CommandId.failuresGroupByCause,
    icon: 'group-by-ref-type',
    palette: `${SIGNED_IN} && !skyvia.failuresByCause`,
    title: [{ view: 'failures', when: `!skyvia.failuresByCause && ${SIGNED_IN}`, group: 'navigation@0' }],
  },
  {
    id: CommandId.failuresListEach,
    icon: 'list-flat',
    palette: `${SIGNED_IN} && skyvia.failuresByCause`,
    title: [{ view: 'failures', when: `skyvia.failuresByCause && ${SIGNED_IN}`, group: 'navigation@0' }],
  },
  { id: CommandId.pin, icon: 'pin', palette: SIGNED_IN, rows: [{ views: explorer, group: '3_pin@1' }] },
  { id: CommandId.unpin, icon: 'pinned', palette: SIGNED_IN, rows: [{ views: explorer, group: '3_pin@1' }] },
  { id: CommandId.showPinned, icon: 'pinned', palette: SIGNED_IN },
];

/** Each kind's own commands follow this one in the command list. */
export const KIND_COMMANDS_AFTER = CommandId.copyJson;

/** The context keys the extension sets (or VS Code has), and nothing else a clause may read. */
export const CONTEXT_KEYS = [
  'view',
  'viewItem',
  'resourceScheme',
  'editorLangId',
  'skyvia.state',
  'skyvia.demoSignedIn',
  'skyvia.failuresLoading',
  'skyvia.failuresWindow',
  'skyvia.failuresByCause',
  'skyvia.previewPanelActive',
  'activeWebviewPanelId',
  'isInDiffEditor',
  'resourcePath',
];
