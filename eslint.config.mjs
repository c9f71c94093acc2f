import tseslint from 'typescript-eslint';

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
  {
    // The API layer must stay free of the editor so it can be unit-tested in plain Node.
    files: ['src/api/**/*.ts', 'src/demo/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: ['vscode'] }] },
  },
  {
    // Rooms (DESIGN.md §3): shared/ and state/ are plain data and logic, unit-tested in Node;
    // shared/ leans on nothing but the API types; the watcher's core takes its clock injected.
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: ['vscode'], patterns: ['../tree/*', '../commands/*', '../state/*', '../watch/*', '../documents/*', '../logs/*', '../auth/*'] }] },
  },
  {
    files: ['src/state/**/*.ts', 'src/watch/poller.ts', 'src/watch/ticker.ts', 'src/watch/pinWatcher.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: ['vscode'], patterns: ['../tree/*', '../commands/*', '../documents/*'] }] },
  },
  {
    // One record per kind of object: data and rules, read by the tree, panels, palette and tools alike.
    files: ['src/kinds/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: ['vscode'], patterns: ['../tree/*', '../commands/*', '../panels/*', '../watch/*', '../documents/*', '../auth/*', '../tools/*'] }] },
  },
  {
    // Logs, in one room: the scheme, the file system that reads them, the language, the outline,
    // the digest, the follower and Open Log. A log is read through the state's reader and shown
    // in an editor tab addressed as details are (documents/places.ts); the room knows nothing of
    // the tree, panels, tools or the watcher.
    files: ['src/logs/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['../tree/*', '../panels/*', '../tools/*', '../watch/*'] }] },
  },
  {
    // Its plain part, unit-tested in Node: the text (outline, failures), the digest, the follower
    // and the scheme's names, which the entry point loads.
    files: ['src/logs/logText.ts', 'src/logs/logDigest.ts', 'src/logs/logFollower.ts', 'src/logs/scheme.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: ['vscode'], patterns: ['../tree/*', '../commands/*', '../panels/*', '../tools/*', '../watch/*', '../documents/*', '../auth/*'] }] },
  },
  {
    // The tree shows; it never runs commands' code.
    files: ['src/tree/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['../commands/*', '../../commands/*'] }] },
  },
);
