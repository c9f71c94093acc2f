// Which panel shows an object asked for: its own if on show (kept open by a double-click), else the
// active group's preview panel, else a new one — a preview one while previews are on.
import * as assert from 'node:assert/strict';
import { DOUBLE_CLICK_MS, placePanel, type PanelSlot } from '../../src/panels/previewRule';

const slot = (key: string, preview: boolean, column: number | undefined, askedAt = 0): PanelSlot => ({ key, preview, column, askedAt });
const at = (now: number, column: number | undefined = 1, previews = true) => ({ previews, column, now });

describe('preview panels: which panel shows an object', () => {
  it('opens the first object in a new preview panel, or a panel of its own with previews off', () => {
    assert.deepEqual(placePanel('a', [], at(0)), { how: 'new', preview: true });
    assert.deepEqual(placePanel('a', [], at(0, 1, false)), { how: 'new', preview: false });
  });

  it('shows the next object in the active group’s preview panel', () => {
    const preview = slot('a', true, 1);
    assert.deepEqual(placePanel('b', [slot('k', false, 1), preview], at(10_000)), { how: 'reuse', slot: preview });
  });

  it('opens a new preview beside panels kept open, and in a group with no preview of its own', () => {
    assert.deepEqual(placePanel('b', [slot('a', false, 1)], at(10_000)), { how: 'new', preview: true });
    assert.deepEqual(placePanel('b', [slot('a', true, 2)], at(10_000, 1)), { how: 'new', preview: true }, 'the other group’s preview stays');
  });

  it('gives every object a panel of its own with previews off, a preview left from before included', () => {
    assert.deepEqual(placePanel('b', [slot('a', true, 1)], at(10_000, 1, false)), { how: 'new', preview: false });
  });

  it('reveals an object already on show, and keeps its preview open when asked twice within a double-click', () => {
    const preview = slot('a', true, 1, 1_000);
    assert.deepEqual(placePanel('a', [preview], at(1_000 + DOUBLE_CLICK_MS)), { how: 'reveal', slot: preview, keep: true });
    assert.deepEqual(placePanel('a', [preview], at(1_000 + DOUBLE_CLICK_MS + 1)), { how: 'reveal', slot: preview, keep: false }, 'two clicks apart');
    const kept = slot('a', false, 2, 1_000);
    assert.deepEqual(placePanel('a', [kept], at(1_100, 1)), { how: 'reveal', slot: kept, keep: false }, 'in whichever group it is');
  });
});
