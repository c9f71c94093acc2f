// `npm run contributions` (after scripts/registries.ts, which lists the kinds): makes package.json's `contributes.commands` and `contributes.menus`
// from scripts/contributions/source.ts and the kinds' records, and the chat tools' lists of kinds
// (`enum`s) from what each tool takes; parses every `when` clause of the manifest on the way.
// `--check` writes nothing and fails when the committed package.json differs (test/unit/manifest.test.ts
// runs the same check). A kind added to the records gets its commands, titles and menus here.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { commandsOf } from '../src/kinds';
import { commandToken, type Capability } from '../src/kinds/contextValues';
import type { CommandId } from '../src/shared/commandIds';
import { REF_KINDS } from '../src/shared/refs';
import { TOOLS } from '../src/tools/catalog';
import { BY_CAPABILITY, CONTEXT_KEYS, KIND_COMMANDS_AFTER, SHARED, SIGNED_IN, VIEWS, type CommandSource, type RowPlace } from './contributions/source';
import { fieldsOf } from './contributions/toolFields';
import { keysOf, parseWhen } from './contributions/whenClause';

const root = path.resolve(__dirname, '..');

type Json = Record<string, unknown>;
interface Menu {
  command: string;
  when: string;
  group?: string;
}

/** The commands each kind's record names, once each (a schedule's Enable serves two kinds), placed by the capability they do. */
export function kindCommands(): CommandSource[] {
  const shared = new Set<string>(SHARED.map((c) => c.id));
  const seen = new Map<CommandId, Capability>();
  for (const kind of REF_KINDS)
    for (const [capability, id] of Object.entries(commandsOf(kind)) as [Capability, CommandId][]) {
      if (shared.has(id)) continue;
      const before = seen.get(id);
      if (before && before !== capability) throw new Error(`${id} does ${before} for one kind and ${capability} for ${kind}: a command does one thing`);
      seen.set(id, capability);
    }
  return [...seen].map(([id, capability]) => {
    const place = BY_CAPABILITY[capability];
    if (!place) throw new Error(`${id} does ${capability}, which has no place in the menus: add it to BY_CAPABILITY (scripts/contributions/source.ts)`);
    return { id, icon: place.icon, palette: SIGNED_IN, rows: place.rows };
  });
}

/** Every command in the order package.json lists them. */
export function allCommands(): CommandSource[] {
  const at = SHARED.findIndex((c) => c.id === KIND_COMMANDS_AFTER) + 1;
  return [...SHARED.slice(0, at), ...kindCommands(), ...SHARED.slice(at)];
}

const nameOf = (id: string) => id.replace(/^skyvia\./, '');

function viewClause(views: readonly (keyof typeof VIEWS)[]): string {
  return views.length === 1 ? `view == ${VIEWS[views[0]]}` : `view =~ /^skyvia\\.(${views.join('|')})$/`;
}

function rowClause(c: CommandSource, place: RowPlace): string {
  const token = place.on ?? commandToken(c.id);
  return [viewClause(place.views), place.with && `viewItem =~ /\\b${place.with}\\b/`, `viewItem =~ /\\b${token}\\b/`].filter(Boolean).join(' && ');
}

/** `contributes.commands` and `contributes.menus` as the sources make them. */
export function makeCommandsAndMenus(): { commands: Json[]; menus: Record<string, Menu[]> } {
  const commands = allCommands();
  return {
    commands: commands.map((c) => ({
      command: c.id,
      title: `%command.${nameOf(c.id)}.title%`,
      category: '%command.category%',
      ...(c.icon ? { icon: `$(${c.icon})` } : {}),
    })),
    menus: {
      commandPalette: commands.flatMap((c) => (c.palette === undefined ? [] : [{ command: c.id, when: c.palette === false ? 'false' : c.palette }])),
      'view/title': commands.flatMap((c) =>
        (c.title ?? []).map((t) => ({ command: c.id, when: [`view == ${VIEWS[t.view]}`, t.when].filter(Boolean).join(' && '), group: t.group })),
      ),
      'view/item/context': commands.flatMap((c) => (c.rows ?? []).map((place) => ({ command: c.id, when: rowClause(c, place), group: place.group }))),
      'editor/title': commands.flatMap((c) => (c.editor ?? []).map((e) => ({ command: c.id, when: e.when, group: e.group }))),
    },
  };
}

/** The chat tools as declared, each field a tool takes from a list (a kind) with that list as its `enum`. */
export function withToolEnums(declared: Json[]): Json[] {
  return declared.map((t) => {
    const tool = TOOLS.find((s) => s.name === t.name);
    if (!tool) throw new Error(`package.json declares the tool ${String(t.name)}, which src/tools/catalog.ts does not have`);
    const schema = structuredClone(t.inputSchema) as { properties: Record<string, Json & { items?: Json }> };
    for (const [field, values] of fieldsOf(tool).allowed) {
      const property = schema.properties[field];
      if (!property) throw new Error(`${tool.name} reads \`${field}\`, which its schema in package.json does not declare`);
      if (property.items) property.items.enum = [...values];
      else property.enum = [...values];
    }
    return { ...t, inputSchema: schema };
  });
}

/** Every `when` clause of the manifest, parsed; what is wrong with them (a key nobody sets, a clause that does not parse). */
export function whenProblems(pkg: Json): string[] {
  const problems: string[] = [];
  const visit = (value: unknown, where: string): void => {
    if (Array.isArray(value)) return value.forEach((v, i) => visit(v, `${where}[${i}]`));
    if (!value || typeof value !== 'object') return;
    for (const [key, v] of Object.entries(value)) {
      if (key === 'when' && typeof v === 'string') {
        try {
          for (const k of keysOf(parseWhen(v))) if (!CONTEXT_KEYS.includes(k)) problems.push(`${where}: "${v}" reads ${k}, which nothing sets`);
        } catch (e) {
          problems.push(`${where}: ${(e as Error).message}`);
        }
      } else visit(v, `${where}.${key}`);
    }
  };
  visit(pkg.contributes, 'contributes');
  return problems;
}

/** package.json as the sources make it, from the committed one. */
export function makeManifest(pkg: Json, nls: Record<string, string>): Json {
  const contributes = pkg.contributes as Json;
  const { commands, menus } = makeCommandsAndMenus();
  const missing = commands.map((c) => String(c.title).slice(1, -1)).filter((key) => !(key in nls));
  if (missing.length) throw new Error(`package.nls.json has no title for: ${missing.join(', ')}`);
  const made = {
    ...pkg,
    contributes: { ...contributes, commands, menus, languageModelTools: withToolEnums(contributes.languageModelTools as Json[]) },
  };
  const problems = whenProblems(made);
  if (problems.length) throw new Error(`when clauses:\n${problems.join('\n')}`);
  return made;
}

/** The text package.json should hold. */
export function manifestText(): { made: string; committed: string } {
  const committed = fs.readFileSync(path.join(root, 'package.json'), 'utf8');
  const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
  return { made: `${JSON.stringify(makeManifest(JSON.parse(committed) as Json, nls), null, 2)}\n`, committed };
}

if (require.main === module) {
  const { made, committed } = manifestText();
  if (process.argv.includes('--check')) {
    if (made !== committed) {
      console.error('package.json differs from what its sources make: run `npm run contributions`.');
      process.exit(1);
    }
    console.log('package.json is as its sources make it.');
  } else if (made !== committed) {
    fs.writeFileSync(path.join(root, 'package.json'), made);
    console.log('package.json made from its sources.');
  } else console.log('package.json was already as its sources make it.');
}
