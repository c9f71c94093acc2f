import tseslint from 'typescript-eslint';

/**
 * THE layers of src/, from the bottom: a module imports only from its own layer or below (a
 * helper two layers use lives in the lower one). Declared once, here; every folder's rule below
 * is made from this list, so an import that crosses upward fails `npm run check`. CONTRIBUTING.md
 * tells what each layer is for.
 */
const LAYERS = [
  ['api'], //             the typed client of the Skyvia API — no vscode
  ['shared'], //          refs, formats, words that are no kind's, plain data — no vscode
  ['kinds'], //           one record per kind of object — no vscode
  ['state'], //           the facts, runs, pins, per-item reads, the account scan — no vscode
  ['host'], //            what stands between VS Code and the body: the session, settings, the output log
  ['tree', 'documents', 'logs'], // the views of the facts: the explorer, details pages, logs
  ['panels', 'watch', 'views', 'commands'], // panels, the watchers and their views, the Failures view, the commands and actions
  ['tools'], //           the chat's tools, over the same reads and actions
  ['features'], //        each feature started on first use
  ['core'], //            the body: wiring (src/core.ts)
  ['testing'], //         the test surface, a bundle of its own that only a test harness loads
  ['extension'], //       the entry point: registrations that forward to the body (src/extension.ts)
];
/** Layers with no `vscode`: plain TypeScript, unit-tested in Node. */
const PLAIN = ['api', 'shared', 'kinds', 'state'];
/** The plain part of higher layers: unit-tested in Node too. */
const PLAIN_FILES = [
  'src/logs/logText.ts',
  'src/logs/logDigest.ts',
  'src/logs/logFollower.ts',
  'src/logs/logSinceStart.ts',
  'src/logs/logMask.ts',
  'src/views/failuresCauses.ts',
  'src/views/failuresModel.ts',
  'src/views/runsGridModel.ts',
  'src/logs/scheme.ts',
  'src/watch/poller.ts',
  'src/watch/ticker.ts',
  'src/watch/pinWatcher.ts',
  'src/watch/notifier.ts',
  'src/panels/previewRule.ts',
];

/** What a module of layer `i` may not import: every folder (or root file) above it. */
const above = (i) =>
  LAYERS.slice(i + 1)
    .flat()
    .flatMap((name) => [`**/${name}`, `**/${name}/**`]);
const rule = (i, plain) => ({
  'no-restricted-imports': [
    'error',
    {
      ...(plain ? { paths: [{ name: 'vscode', message: 'This layer is plain TypeScript, unit-tested in Node: no vscode.' }] } : {}),
      patterns: above(i).length
        ? [{ group: above(i), message: `An import may only go to its own layer or below (eslint.config.mjs: ${LAYERS[i].join(' · ')} is below it).` }]
        : [],
    },
  ],
});
const filesOf = (name) => (['core', 'extension'].includes(name) ? [`src/${name}.ts`] : [`src/${name}/**/*.ts`]);

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '**/*.mjs', '**/*.js'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
      // `import vscode = require('vscode')`: esbuild emits a plain require for it, where
      // `import * as` costs a copy of VS Code's ~190-name namespace per importing file at load.
      '@typescript-eslint/no-require-imports': ['error', { allowAsImport: true }],
    },
  },
  // One rule per layer's folders, made from LAYERS.
  ...LAYERS.flatMap((names, i) => names.map((name) => ({ files: filesOf(name), rules: rule(i, PLAIN.includes(name)) }))),
  // The plain files of higher layers: their layer's rule, and no vscode.
  ...PLAIN_FILES.map((file) => ({
    files: [file],
    rules: rule(
      LAYERS.findIndex((l) => l.includes(file.split('/')[1])),
      true,
    ),
  })),
  // A failed `assert.ok` without a message makes Node read the calling source to write one; on
  // the line tsx hands it for an e2e file that took minutes, in a loop that retries until its
  // deadline — which then never came (the test runner's own timers were starved).
  {
    files: ['test/e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='assert'][callee.property.name='ok'][arguments.length<2]",
          message: 'Give assert.ok a message: without one, Node reads the source to write it (minutes in an e2e file).',
        },
      ],
    },
  },
  // The demo service is a program of its own: it stands on the API's types, nothing of the extension.
  ...[
    ['src/demo/*.ts', '../'],
    ['src/demo/handlers/*.ts', '../../'],
  ].map(([files, up]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['vscode'], patterns: [{ group: [`${up}*`, `!${up}api`, `!${up}api/**`], message: 'The demo service stands on src/api alone.' }] },
      ],
    },
  })),
);
