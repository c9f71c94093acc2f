// Localization: the committed English bundle is what `npm run l10n` makes of the source now, and no
// text meant for people bypasses l10n.t (test/l10nScan.ts) anywhere in the extension's source.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { getL10nJson } from '@vscode/l10n-dev';
import { scan } from '../l10nScan';

const root = path.resolve(__dirname, '..', '..');

/** Where the extension's own texts live: the host code and the webview code (the demo service is data). */
function sourceFiles(): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) return walk(rel);
      return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [rel] : [];
    });
  return [...walk('src'), ...walk('media/src')].sort();
}

/** Text of the service's simulator: its data and answers are the service's, not the extension's. */
const NOT_OURS = /^src\/demo\//;

describe('localization', () => {
  it('commits the English bundle that `npm run l10n` makes of the source now', async function () {
    this.timeout(60_000);
    const files = sourceFiles().map((f) => ({ extension: path.extname(f), contents: fs.readFileSync(path.join(root, f), 'utf8') }));
    const fresh = await getL10nJson(files);
    const committed = JSON.parse(fs.readFileSync(path.join(root, 'l10n', 'bundle.l10n.json'), 'utf8')) as Record<string, unknown>;
    const sorted = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
    assert.deepEqual(sorted(committed), sorted(fresh), 'l10n/bundle.l10n.json is out of date: run `npm run l10n`');
    assert.ok(Object.keys(fresh).length > 0);
  });

  it('declares the bundle folder in package.json and ships translations, not the English source', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { l10n?: string };
    assert.equal(pkg.l10n, './l10n');
    // VS Code reads l10n/bundle.l10n.<language>.json for a display language other than English
    // and nothing in English: the English bundle is for translators, not for the VSIX.
    const rules = fs
      .readFileSync(path.join(root, '.vscodeignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    assert.ok(rules.includes('!l10n/bundle.l10n.*.json'), '.vscodeignore lets translated bundles in');
    assert.ok(!rules.includes('!l10n/bundle.l10n.json') && !rules.includes('!l10n/**'), '.vscodeignore keeps the English source out');
  });

  it('finds no text for people outside l10n.t', () => {
    const findings = sourceFiles()
      .filter((f) => !NOT_OURS.test(f))
      .flatMap((f) => scan(f, fs.readFileSync(path.join(root, f), 'utf8')));
    assert.deepEqual(
      findings.map((f) => `${f.file}:${f.line} ${f.text} (${f.why})`),
      [],
      'wrap these in l10n.t (or mark text that is not for people `// l10n-ignore: why`)',
    );
  });

  it("splices no English kind word into what people read: a record's `english` nouns are for the chat model alone", () => {
    const users = sourceFiles().filter(
      (f) => !f.startsWith('src/kinds/') && /\.english\b/.test(fs.readFileSync(path.join(root, f), 'utf8').replace(/\/\/.*$/gm, '')),
    );
    assert.ok(users.length, 'the chat tools name kinds in English');
    assert.deepEqual(
      users.filter((f) => !f.startsWith('src/tools/')),
      [],
      "people read a kind's words from its record's `words`, in their language",
    );
  });

  describe('the scan itself', () => {
    const fixture = [
      "import vscode = require('vscode');",
      "import { l10n } from 'vscode';",
      'export function f(name: string) {',
      "  void vscode.window.showInformationMessage('Started the run.');", // 4: a message
      '  void vscode.window.showWarningMessage(`Could not start ${name}.`);', // 5: a template
      "  const item = new vscode.TreeItem('No backups');", // 6: a tree item
      "  item.description = 'schedule on';", // 7: an assignment
      "  item.tooltip = name ? 'Has a name' : l10n.t('Nameless');", // 8: one branch of two
      "  const pick = { label: 'Failed only', description: l10n.t('only entries that failed') };", // 9: label, not description
      "  if (name === 'Some Name') throw new Error('The request failed');", // 10: the comparison is code, the error is not
      "  return [item, pick, 'Nothing to show here'];", // 11: prose anywhere else
      '}',
      "export const EARLY = l10n.t('Read at load');", // 13: at module load
      'export function g(n: number) {',
      "  void vscode.window.showInformationMessage(l10n.t('Started {0} runs.', n));",
      "  const item = new vscode.TreeItem(l10n.t('No backups'));",
      "  item.iconPath = new vscode.ThemeIcon('sync~spin');",
      "  item.description = '$(sync~spin)';",
      "  item.contextValue = 'integration scheduled';",
      "  log.info('Loaded the body in 3 ms');",
      '  // l10n-ignore: the model reads this, in English',
      "  return { title: l10n.t('Title'), text: 'For the model only', command: 'skyvia.openItem', id: 'integration.1' };",
      '}',
      'export function h(n: number) {',
      '  // l10n-ignore: the model reads this, however the statement is wrapped',
      '  if (n > 1)',
      '    throw new Error(',
      "      'For the model, over three lines',",
      '    );',
      "  throw new Error('Not marked: the mark above covers only its own statement');", // 30
      '}',
    ].join('\n');

    it('flags every unwrapped text a person would read, and where', () => {
      const lines = scan('fixture.ts', fixture).map((f) => f.line);
      assert.deepEqual(lines, [4, 5, 6, 7, 8, 9, 10, 11, 13, 30]);
    });

    it('says why, and fails the check on a file made to bypass l10n.t', () => {
      const found = scan('fixture.ts', fixture);
      assert.match(found.find((f) => f.line === 13)!.why, /while the module loads/);
      assert.match(found.find((f) => f.line === 6)!.why, /TreeItem/);
      // The real check, on a copy of a clean source file with one message unwrapped.
      const clean = fs.readFileSync(path.join(root, 'src', 'commands', 'auth.ts'), 'utf8');
      assert.deepEqual(scan('auth.ts', clean), []);
      const broken = clean.replace("l10n.t('Left the Skyvia demo account.')", "'Left the Skyvia demo account.'");
      assert.notEqual(broken, clean);
      assert.deepEqual(
        scan('auth.ts', broken).map((f) => f.text),
        ["'Left the Skyvia demo account.'"],
      );
    });

    it('wants the message as a literal, so the bundle can be generated from the source', () => {
      const found = scan('x.ts', "import { l10n } from 'vscode';\nexport const f = (m: string) => l10n.t(m);");
      assert.equal(found.length, 1);
      assert.match(found[0].why, /literal/);
    });
  });
});
