// The demo service's control API (/__demo/…) over HTTP, as another process asks it: how a unit
// test changes the world it reads (a run made unusual, the clock moved, a careless service).
import * as assert from 'node:assert/strict';
import type { DemoService } from '../../src/demo';

/** GET `/__demo/<path>`, or POST it `body`; the answer's JSON. */
export function demoControl(demo: Pick<DemoService, 'url' | 'token'>): (path: string, body?: unknown) => Promise<unknown> {
  return async (path, body) => {
    const res = await fetch(`${demo.url}/__demo/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Authorization: demo.token, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.equal(res.status, 200, `demo control ${path} answered ${res.status}`);
    return res.json();
  };
}
