// The registries that list every kind (src/kinds/registry.ts, src/demo/handlers/registry.ts) are
// what scripts/registries.ts makes of the files that describe the kinds: a kind added, renamed or
// removed without `npm run contributions` fails here, naming the file.
import assert from 'node:assert/strict';
import { registries } from '../../scripts/registries';

describe('the registries of kinds', () => {
  it('are what their sources make (`npm run contributions` after adding, renaming or removing a kind)', async () => {
    for (const { file, made, committed } of await registries()) {
      assert.ok(committed !== undefined, `${file} is missing: run \`npm run contributions\``);
      assert.ok(made === committed, `${file} differs from what scripts/registries.ts makes: run \`npm run contributions\``);
    }
  });
});
