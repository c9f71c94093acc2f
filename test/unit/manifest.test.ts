// package.json's contributions agree with the code: they are what scripts/contributions.ts makes
// of its sources and the kinds' records, every command the extension registers is declared, menus
// select by tokens rows carry (never by a kind), and the files they point at exist. (None of what
// it imports loads `vscode`, so this runs in plain Node.)
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CommandId } from '../../src/shared/commandIds';
import { commandToken, FLAGS, NODE_KINDS } from '../../src/kinds/contextValues';
import { ACTIONS } from '../../src/commands/actions/all';
import { manifestText, whenProblems } from '../../scripts/contributions';
import { WALKTHROUGH_KEYS } from '../../src/shared/contributions';

const root = path.resolve(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
/** The English of package.json's `%key%` placeholders. */
const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
/** A contribution's text as VS Code shows it in English. */
const english = (value: string) => value.replace(/^%(.+)%$/, (_, key: string) => nls[key] ?? value);
const contributes = pkg.contributes;
type MenuEntry = { command: string; when?: string; group?: string };
const allMenus: MenuEntry[] = Object.values(contributes.menus as Record<string, MenuEntry[]>).flat();
/** Every command the extension registers: the table's, and every action's (a kind's own commands are named in its record). */
const REGISTERED = [...new Set<string>([...Object.values(CommandId), ...ACTIONS.map((a) => a.id)])];

describe('package.json contributions', () => {
  it('is what its sources make (`npm run contributions` after changing them or a kind’s record)', () => {
    const { made, committed } = manifestText();
    assert.ok(made === committed, 'package.json differs from what scripts/contributions.ts makes: run `npm run contributions`');
  });

  it('has only `when` clauses that parse and read keys something sets', () => {
    assert.deepEqual(whenProblems(pkg), []);
  });

  it('declares exactly the commands the extension registers, all under "Skyvia"', () => {
    const declared = (contributes.commands as { command: string; category: string }[]).map((c) => c.command).sort();
    assert.deepEqual(declared, [...REGISTERED].sort());
    for (const c of contributes.commands) assert.equal(english(c.category), 'Skyvia', c.command);
  });

  /** Commands given a row of a view (its node, or its account), never asked for from the palette. */
  const TREE_ONLY = [CommandId.refreshNode, CommandId.loadMore, CommandId.failuresShowMore, CommandId.filter, CommandId.filterHistory, CommandId.clearFilter];

  it('hides tree-only commands from the command palette', () => {
    const hidden = new Set((contributes.menus.commandPalette as MenuEntry[]).filter((m) => m.when === 'false').map((m) => m.command));
    for (const id of TREE_ONLY) {
      assert.ok(hidden.has(id), `${id} should be hidden from the palette`);
    }
    for (const id of [CommandId.signIn, CommandId.tryDemo, CommandId.showLog]) assert.ok(!hidden.has(id), `${id} belongs in the palette`);
  });

  it('offers every action in the palette once signed in, where it asks for its target', () => {
    const palette = contributes.menus.commandPalette as MenuEntry[];
    const treeOnly = new Set<string>(TREE_ONLY);
    const session = new Set<string>([CommandId.signIn, CommandId.signOut, CommandId.tryDemo, CommandId.showLog, CommandId.refresh]);
    for (const id of REGISTERED) {
      if (treeOnly.has(id) || session.has(id)) continue;
      const entry = palette.find((m) => m.command === id);
      assert.ok(entry, `${id} has a palette entry`);
      assert.match(entry.when ?? '', /skyvia\.state =~/, `${id} shows in the palette only when signed in`);
    }
  });

  it('matches rows only on flags and command tokens they carry, never on their kind', () => {
    const known = new Set<string>([...FLAGS, ...REGISTERED.map((id) => commandToken(id as CommandId))]);
    const kinds = new Set<string>(NODE_KINDS);
    for (const entry of allMenus) {
      for (const [, regex] of (entry.when ?? '').matchAll(/viewItem =~ \/([^/]+)\//g)) {
        const tokens = regex
          .replace(/\\b|\^|\$|[()]|\.\*/g, ' ')
          .split(/[\s|]+/)
          .filter(Boolean);
        for (const token of tokens) {
          assert.ok(!kinds.has(token), `${entry.command} selects rows by their kind "${token}": ${entry.when}`);
          assert.ok(known.has(token), `unknown token "${token}" in ${entry.command}: ${entry.when}`);
        }
      }
    }
  });

  it('names only declared commands in menus', () => {
    const declared = new Set(REGISTERED);
    for (const entry of allMenus) assert.ok(declared.has(entry.command), entry.command);
  });

  it('activates on its view and points at files that exist', () => {
    assert.ok(pkg.activationEvents.includes('onView:skyvia.explorer'));
    assert.equal(contributes.views.skyvia[0].id, 'skyvia.explorer');
    assert.equal(pkg.main, './dist/extension.js');
    for (const file of [pkg.icon, contributes.viewsContainers.activitybar[0].icon]) assert.ok(fs.existsSync(path.join(root, file)), file);
  });

  it('bounds its settings as documented', () => {
    const props = contributes.configuration.properties;
    assert.equal(props['skyvia.baseUrl'].default, 'https://api.skyvia.com');
    assert.deepEqual([props['skyvia.pageSize'].minimum, props['skyvia.pageSize'].maximum, props['skyvia.pageSize'].default], [1, 200, 50]);
    const timeout = props['skyvia.requestTimeoutSeconds'];
    assert.deepEqual([timeout.minimum, timeout.maximum, timeout.default], [5, 300, 30]);
  });

  it('ships every bundle the extension loads, and not the test surface', () => {
    const shipped = fs
      .readFileSync(path.join(root, '.vscodeignore'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('!dist/') && l.endsWith('.js'));
    const names = new Set(shipped.flatMap((l) => (/\{([\w,]+)\}/.exec(l)?.[1] ?? '').split(',')));
    const build = fs.readFileSync(path.join(root, 'esbuild.mjs'), 'utf8');
    const bundles = [...build.matchAll(/entryPoints: \{ (\w+):/g)].map((m) => m[1]);
    assert.deepEqual(bundles.sort(), ['core', 'demo', 'extension', 'grid', 'int64', 'testApi', 'webview'], 'the bundles esbuild.mjs makes');
    for (const bundle of bundles.filter((b) => b !== 'testApi')) assert.ok(names.has(bundle), `dist/${bundle}.js is shipped`);
    assert.ok(!names.has('testApi') && !shipped.some((l) => l.includes('*')), 'the test surface stays out');
  });

  it('has a walkthrough whose steps complete on keys the extension sets, with buttons and pictures it ships', () => {
    const [walkthrough] = contributes.walkthroughs as {
      id: string;
      steps: { id: string; description: string; media: { image?: string; markdown?: string }; completionEvents: string[] }[];
    }[];
    const shipped = fs
      .readFileSync(path.join(root, '.vscodeignore'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('!'))
      .map((l) => l.slice(1));
    const declared = new Set(REGISTERED);
    const keys = new Set(Object.values(WALKTHROUGH_KEYS) as string[]);
    const used = new Set<string>();
    let bytes = 0;
    for (const step of walkthrough.steps) {
      const file = step.media.image ?? step.media.markdown ?? '';
      assert.ok(fs.existsSync(path.join(root, file)), `${step.id}: ${file} exists`);
      // Desktop VS Code serves an extension's pictures to the workbench by their extension, from a short list.
      assert.match(file, /\.(md|svg|png|jpe?g|gif|webp)$/, `${step.id}: ${file} is of a kind VS Code draws`);
      assert.ok(shipped.includes(`${path.dirname(file)}/*`), `${step.id}: ${file} is in the VSIX`);
      bytes += fs.statSync(path.join(root, file)).size;
      // A button that does the step: one of ours, the view, or the chat.
      const commands = [...english(step.description).matchAll(/\]\(command:([\w.]+)/g)].map((m) => m[1]);
      assert.ok(commands.length > 0, `${step.id} has a button`);
      for (const c of commands) assert.ok(declared.has(c) || c === 'skyvia.explorer.focus' || c === 'workbench.action.chat.open', `${step.id}: ${c}`);
      assert.ok(step.completionEvents.length > 0, `${step.id} completes on an event`);
      for (const event of step.completionEvents) {
        const key = /^onContext:([\w.]+)(?: == \w+)?$/.exec(event)?.[1];
        if (key?.startsWith('skyvia.walkthrough.')) {
          assert.ok(keys.has(key), `${step.id}: ${key} is set by the extension`);
          used.add(key);
        }
      }
    }
    assert.deepEqual([...used].sort(), [...keys].sort(), 'every key the extension sets completes a step');
    // The VSIX is ≤ 250 KB in all (PERFORMANCE.md); the walkthrough's share stays small.
    assert.ok(bytes < 55_000, `the walkthrough's pictures are ${bytes} bytes`);
  });
});

/**
 * Every text of package.json a person reads (titles, names, descriptions, welcome content, the
 * walkthrough, the tools' names and descriptions for people) is a `%key%` of package.nls.json, so
 * a language pack can translate it. Found by field name in every contribution point, so a new one
 * is covered the day it is added. The tools' descriptions for the model and their input schemas
 * stay as they are (the model reads English best).
 */
describe('package.json: localizable contributions', () => {
  /** Fields a person reads, in whatever contribution point they appear. */
  const PERSON_FIELDS = new Set([
    'title',
    'shortTitle',
    'name',
    'label',
    'description',
    'markdownDescription',
    'contents',
    'contextualTitle',
    'category',
    'displayName',
    'userDescription',
    'altText',
    'enumDescriptions',
    'markdownEnumDescriptions',
    'enumItemLabels',
    'aliases',
    'deprecationMessage',
    'markdownDeprecationMessage',
    'patternErrorMessage',
    'placeholder',
    'tooltip',
  ]);
  /** Subtrees that are not for people: what the model reads, conditions, events, ids. */
  const NOT_FOR_PEOPLE = new Set(['modelDescription', 'inputSchema', 'when', 'enablement', 'completionEvents', 'activationEvents']);
  const visible: [string, unknown][] = [];
  const at = (where: string, value: unknown) => visible.push([where, value]);
  const visit = (value: unknown, where: string): void => {
    if (Array.isArray(value)) return value.forEach((v, i) => visit(v, `${where}[${i}]`));
    if (!value || typeof value !== 'object') return;
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (NOT_FOR_PEOPLE.has(key)) continue;
      // A tool's `name` is its id, which the model calls it by.
      const isToolName = key === 'name' && /^languageModelTools\[\d+\]$/.test(where);
      if (PERSON_FIELDS.has(key) && !isToolName && (typeof v === 'string' || Array.isArray(v))) {
        for (const text of Array.isArray(v) ? v : [v]) at(`${where}.${key}`, text);
      } else visit(v, where ? `${where}.${key}` : key);
    }
  };
  at('displayName', pkg.displayName);
  at('description', pkg.description);
  visit(contributes, '');

  it('finds the texts of every contribution point, the walkthrough’s included', () => {
    for (const point of ['commands', 'views', 'viewsWelcome', 'configuration', 'walkthroughs', 'languageModelTools', 'authentication', 'viewsContainers']) {
      assert.ok(
        visible.some(([where]) => where.startsWith(point)),
        `texts of ${point}`,
      );
    }
    const walkthrough = visible.filter(([where]) => where.startsWith('walkthroughs'));
    assert.ok(walkthrough.length >= 19, `${walkthrough.length} walkthrough texts: its title, description, and each step's title, description and alt text`);
  });

  it('names a package.nls.json key for every text a person reads', () => {
    assert.ok(visible.length > 80, `${visible.length} texts found`);
    const literal = visible.filter(([, v]) => typeof v !== 'string' || !/^%[\w.-]+%$/.test(v));
    assert.deepEqual(
      literal.map(([where, v]) => `${where}: ${String(v)}`),
      [],
    );
  });

  it('has English for every key it names, and no key nobody names', () => {
    const named = new Set([...JSON.stringify(pkg).matchAll(/"%([\w.-]+)%"/g)].map((m) => m[1]));
    const missing = [...named].filter((k) => typeof nls[k] !== 'string' || !nls[k].trim());
    assert.deepEqual(missing, [], 'keys without English in package.nls.json');
    const unused = Object.keys(nls).filter((k) => !named.has(k));
    assert.deepEqual(unused, [], 'package.nls.json keys package.json does not use');
  });

  it('ships package.nls.json in the VSIX (.vscodeignore is an allow-list)', () => {
    const rules = fs
      .readFileSync(path.join(root, '.vscodeignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    assert.ok(rules.includes('!package.nls.json'), '.vscodeignore lets package.nls.json in');
  });
});
