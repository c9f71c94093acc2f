// The language-model tools inside VS Code, called the way the chat calls them
// (`vscode.lm.invokeTool`) against the demo service: every tool, its input checks, the
// confirmation of each tool that changes something, answers within their size budget, no secret
// in any answer, signed out and 403.
//
// VS Code shows a tool's confirmation before invoking it — except under an extension test
// runner, where its dialog service answers every confirmation "yes" by itself. So the questions
// are read from `prepareInvocation` (what VS Code would show), a "No" is a preparation that
// `invoke` never follows (what VS Code does on Cancel), and the guarantee that nothing acts
// without a question of its own is the extension's: `invoke` refuses an input no confirmation
// was prepared for in its own call.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_FIXTURES as F } from '../../../src/demo/fixtures';
import type { SkyviaExplorerApi } from '../../../src/testing/testApi';
import { TOOLS } from '../../../src/tools/catalog';
import { fieldsOf } from '../../../scripts/contributions/toolFields';
import { demo, EXTENSION_ID, find, letRunsEnd, signedIn, signedInQuietly, startOutside } from './helpers';

const TOOL_NAMES = [
  'skyvia_find_items',
  'skyvia_recent_runs',
  'skyvia_failure_causes',
  'skyvia_run_details',
  'skyvia_test',
  'skyvia_start_run',
  'skyvia_stop_run',
  'skyvia_set_enabled',
];
const MAX_CHARS = 8_000;
const answers: string[] = [];

async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  const text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
  answers.push(text);
  assert.ok(text.length > 0 && text.length <= MAX_CHARS, `${name}: ${text.length} characters`);
  return text;
}

/** The JSON lines of an answer. */
const jsonLines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const stats = async () => (await demo.control('stats')) as { runsStarted: number; snapshotsStarted: number; byOperation: Record<string, number> };

interface Contribution {
  name: string;
  toolReferenceName?: string;
  canBeReferencedInPrompt?: boolean;
  modelDescription: string;
  inputSchema: { type: string; properties: Record<string, unknown>; required?: string[] };
}

describe('language-model tools: what package.json declares', () => {
  const declared = () =>
    (vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { languageModelTools: Contribution[] } }).contributes.languageModelTools;

  it('declares exactly the tools the extension registers, each referenceable by #name', () => {
    assert.deepEqual(
      declared()
        .map((t) => t.name)
        .sort(),
      TOOLS.map((t) => t.name).sort(),
    );
    for (const t of declared()) {
      assert.match(t.name, /^skyvia_[a-z_]+$/);
      assert.match(t.toolReferenceName ?? '', /^skyvia[A-Z]\w+$/, t.name);
      assert.equal(t.canBeReferencedInPrompt, true, t.name);
      assert.ok(t.modelDescription.length > 80, `${t.name} tells the model when to use it`);
    }
  });

  it('gives each tool a schema naming exactly the fields it reads, and requiring what it requires', () => {
    for (const tool of TOOLS) {
      const schema = declared().find((t) => t.name === tool.name)!.inputSchema;
      const reader = fieldsOf(tool);
      assert.equal(schema.type, 'object');
      assert.deepEqual(Object.keys(schema.properties).sort(), [...reader.fields.keys()].sort(), tool.name);
      const required = [...reader.fields]
        .filter(([, r]) => r)
        .map(([n]) => n)
        .sort();
      assert.deepEqual([...(schema.required ?? [])].sort(), required, tool.name);
      // The kinds (and other choices) a tool takes come from the records: its schema lists exactly those.
      for (const [field, values] of reader.allowed) {
        const property = schema.properties[field] as { enum?: string[]; items?: { enum?: string[] } };
        assert.deepEqual([...(property.enum ?? property.items?.enum ?? [])].sort(), [...values].sort(), `${tool.name}: the values of \`${field}\``);
      }
    }
  });
});

describe('language-model tools', () => {
  let x: SkyviaExplorerApi;
  signedInQuietly((api) => (x = api));

  it('are all registered, each a tool a prompt can reference', () => {
    const ours = vscode.lm.tools.filter((t) => t.name.startsWith('skyvia_'));
    assert.deepEqual(ours.map((t) => t.name).sort(), [...TOOL_NAMES].sort());
    for (const t of ours) {
      assert.ok(t.description.length > 60, `${t.name} says what it does`);
      assert.equal((t.inputSchema as { type?: string } | undefined)?.type, 'object', `${t.name} has an input schema`);
    }
  });

  it('finds items by name across workspaces, with the ids the other tools take', async () => {
    const text = await invoke('skyvia_find_items', { query: 'salesforce' });
    const items = jsonLines(text);
    assert.ok(
      items.some(
        (i) => i.name === 'Salesforce Accounts → BigQuery' && i.kind === 'integration' && i.workspaceId === F.workspaces.dataPlatform && i.id === 18232,
      ),
    );
    assert.ok(
      items.some((i) => i.workspace === 'Sales Ops'),
      'other workspaces too',
    );
    assert.ok(items.every((i) => String(i.name).toLowerCase().includes('salesforce')));
    const agents = jsonLines(await invoke('skyvia_find_items', { kinds: ['agent'], workspaceId: F.workspaces.dataPlatform }));
    assert.deepEqual(agents.map((a) => a.name).sort(), ['dc2-legacy-erp-agent', 'warehouse-agent-01']);
  });

  it('reads the recent runs of one item, failed only', async () => {
    const text = await invoke('skyvia_recent_runs', { name: 'Legacy ERP Sync', failedOnly: true, limit: 5 });
    const runs = jsonLines(text);
    assert.equal(runs.length, 5, text);
    for (const r of runs) {
      assert.equal(r.outcome, 'failed');
      assert.equal(r.itemId, F.integrations.alwaysFails.integrationId);
      assert.equal(r.kind, 'run');
    }
    const dates = runs.map((r) => Date.parse(String(r.date)));
    assert.deepEqual(
      dates,
      [...dates].sort((a, b) => b - a),
      'newest first',
    );
  });

  it('answers "which integrations failed this week" across the account in one call', async () => {
    const text = await invoke('skyvia_recent_runs', { kind: 'integration', failedOnly: true, since: '7d', limit: 20 });
    const runs = jsonLines(text);
    assert.ok(runs.length > 0, text);
    const weekAgo = Date.now() - 8 * 86_400_000;
    for (const r of runs) {
      assert.equal(r.outcome, 'failed');
      assert.ok(Date.parse(String(r.date)) > weekAgo, `${r.date} is within the week`);
    }
    assert.ok(runs.some((r) => r.item === 'Legacy ERP Sync (broken)'));
  });

  it('leaves out the failed runs a careless service sends dated before the window or 0001-01-01, and says how many', async () => {
    await demo.faults({ carelessHistories: true });
    try {
      const since = Date.now() - 7 * 86_400_000;
      const { failingIntegrationId: id, workspaceId } = F;
      const text = await invoke('skyvia_recent_runs', { workspaceId, id, failedOnly: true, since: '7d', limit: 50 });
      const runs = jsonLines(text);
      assert.ok(runs.length > 0, text);
      for (const r of runs) assert.ok(Date.parse(String(r.date)) >= since, `${r.date} is within the week`);
      // What the service sent, as another client reads it: its failed runs dated before the week or not at all.
      const res = await fetch(`${demo.url}/v1/workspaces/${workspaceId}/integrations/${id}/executions?take=50&sortOrder=desc&failed=true`, {
        headers: { Authorization: demo.token },
      });
      const sent = ((await res.json()) as { data: { state: string; date: string }[] }).data.filter((r) => r.state === 'Failed');
      const undated = sent.filter((r) => r.date.startsWith('0001-')).length;
      const older = sent.filter((r) => !r.date.startsWith('0001-') && Date.parse(r.date) < since).length;
      assert.ok(undated > 0 && older > 0, `${undated} undated, ${older} older than the week`);
      assert.match(text, new RegExp(`^Left out: ${undated + older} failed runs the service sent dated before \\S+ or without a date`, 'm'));
      // Across the account alike.
      const all = await invoke('skyvia_recent_runs', { kind: 'integration', failedOnly: true, since: '7d', limit: 20 });
      assert.deepEqual(
        jsonLines(all).filter((r) => !(Date.parse(String(r.date)) >= since)),
        [],
        all,
      );
      assert.match(all, /^Left out: \d+ failed runs the service sent dated before/m);
    } finally {
      await demo.clearFaults();
    }
  });

  it('answers "why did things fail this week?" by cause: a cause new today first, each as often as the service’s histories say', async () => {
    const { integrationId, workspaceId } = F.integrations.noSchedule;
    await demo.control('failure', { integrationId, message: 'Quota of 5,000 API calls per day exceeded for tenant 42.' });
    const runId = await startOutside(integrationId);
    await demo.control('advance', { ms: 7_000 });
    const text = await invoke('skyvia_failure_causes', { since: '7d', limit: 30 });
    const causes = jsonLines(text) as {
      cause: string | null;
      failures: number;
      new: boolean;
      items: { id: number; failures: number }[];
      example: Record<string, unknown>;
    }[];
    assert.ok(causes.length > 3, text);
    assert.equal(causes[0].cause, 'Quota of … API calls per day exceeded for tenant ….', 'the new cause first');
    assert.equal(causes[0].new, true);
    assert.equal(causes[0].failures, 1);
    assert.deepEqual(causes[0].example, { kind: 'run', workspaceId, itemId: integrationId, id: runId });
    assert.deepEqual(
      causes.slice(1).filter((c) => c.new),
      [],
      'the demo’s other failures repeat through the week',
    );
    const [, total] = /^(\d+) failures? in /.exec(text) ?? [];
    assert.equal(
      causes.reduce((n, c) => n + c.failures, 0),
      Number(total),
      'every failure under a cause',
    );
    // The broken integration fails all week with one error: its count is its failed runs of the week, as another client reads them.
    const { integrationId: broken, workspaceId: brokenWs } = F.integrations.alwaysFails;
    const since = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const res = await fetch(`${demo.url}/v1/workspaces/${brokenWs}/integrations/${broken}/executions?take=200&failed=true&startDate=${since}`, {
      headers: { Authorization: demo.token },
    });
    const failed = ((await res.json()) as { data: { state: string }[] }).data.filter((r) => r.state === 'Failed').length;
    const counted = causes.flatMap((c) => c.items.filter((i) => i.id === broken)).reduce((n, i) => n + i.failures, 0);
    assert.ok(failed > 3, `the broken integration failed in the week (${failed})`);
    assert.equal(counted, failed);
  });

  it('reads one run with its log cut down to the errors around them', async () => {
    const [latest] = jsonLines(
      await invoke('skyvia_recent_runs', { workspaceId: F.workspaces.dataPlatform, id: F.integrations.alwaysFails.integrationId, limit: 1 }),
    );
    const text = await invoke('skyvia_run_details', { kind: 'run', workspaceId: latest.workspaceId, itemId: latest.itemId, id: latest.id });
    assert.match(text, new RegExp(`Run ${latest.id}`));
    assert.match(text, /\d+ lines? · [1-9]\d* errors? · /, 'counts of the log');
    assert.match(text, /ERROR|failed/i, 'the error itself');
    assert.match(text, /Last lines:|^\d+: /m, 'how it ended');
  });

  it('keeps an automation execution id past 2^53 exact through the round trip', async () => {
    const [execution] = jsonLines(
      await invoke('skyvia_recent_runs', { kind: 'automation', workspaceId: F.workspaces.dataPlatform, id: F.bigHistoryAutomationId, limit: 1 }),
    );
    assert.equal(typeof execution.id, 'string');
    assert.ok(BigInt(String(execution.id)) > BigInt(Number.MAX_SAFE_INTEGER), `${execution.id} is an int64 past 2^53`);
    const text = await invoke('skyvia_run_details', {
      kind: 'execution',
      workspaceId: execution.workspaceId,
      itemId: execution.itemId,
      id: execution.id,
      log: false,
    });
    assert.ok(text.includes(String(execution.id)), 'the same digits come back');
  });

  it('tests an agent and a connection, reading the verdict from the message', async () => {
    assert.match(await invoke('skyvia_test', { kind: 'agent', name: 'warehouse-agent-01' }), /passed/);
    assert.match(
      await invoke('skyvia_test', { kind: 'connection', workspaceId: F.workspaces.dataPlatform, id: F.failingConnectionId }),
      /FAILED[\s\S]*Access Denied/,
    );
  });

  it('refuses bad input with a message naming the field, sending nothing', async () => {
    const before = x.requestCount();
    assert.match(
      await invoke('skyvia_recent_runs', { kind: 'pipeline' }),
      /Invalid input[\s\S]*`kind` must be one of: integration, backup, automation, endpoint/,
    );
    assert.match(await invoke('skyvia_find_items', { limit: 0 }), /`limit` must be a whole number from 1 to 50/);
    assert.match(await invoke('skyvia_run_details', { kind: 'run', workspaceId: 1, itemId: 2 }), /`id` is required/);
    assert.match(await invoke('skyvia_recent_runs', { since: 'last tuesday' }), /`since`: Enter a date like/);
    assert.match(await invoke('skyvia_start_run', {}), /Say which item/);
    assert.equal(x.requestCount(), before, 'no request for bad input');
  });

  it('asks before anything that changes something, naming the item, and before nothing else', async () => {
    const ws = F.workspaces.dataPlatform;
    const asks: [string, object, string, RegExp][] = [
      [
        'skyvia_start_run',
        { workspaceId: ws, id: F.idleIntegrationId },
        'Run the integration?',
        /Start a run of the integration “`Postgres → S3 Parquet Archive`” \(id 18236 in workspace “`Data Platform`”\)/,
      ],
      ['skyvia_start_run', { kind: 'backup', name: 'Snowflake Metadata' }, 'Create a backup snapshot?', /Snowflake Metadata Backup/],
      ['skyvia_stop_run', { workspaceId: ws, id: F.idleIntegrationId }, 'Cancel the run?', /Postgres → S3 Parquet Archive/],
      ['skyvia_stop_run', { workspaceId: ws, id: F.idleIntegrationId, kill: true }, 'Kill the run?', /without the clean-up/],
      [
        'skyvia_set_enabled',
        { kind: 'integration', enabled: false, name: 'Nightly Warehouse' },
        'Disable the schedule?',
        /schedule of the integration “`Nightly Warehouse Load`”/,
      ],
      [
        'skyvia_set_enabled',
        { kind: 'automation', enabled: true, workspaceId: ws, id: F.automations.disabled.automationId },
        'Enable the automation?',
        /Reprocess failed orders/,
      ],
      ['skyvia_set_enabled', { kind: 'endpoint', enabled: false, workspaceId: ws, id: F.endpointId }, 'Disable the endpoint?', /Warehouse OData/],
    ];
    for (const [name, input, title, message] of asks) {
      const prepared = await x.tools.prepare(name, input);
      assert.equal(prepared.confirmation?.title, title, name);
      assert.match(prepared.confirmation?.message ?? '', message, name);
    }
    for (const [name, input] of [
      ['skyvia_find_items', {}],
      ['skyvia_recent_runs', {}],
      ['skyvia_test', { kind: 'agent', name: 'warehouse' }],
    ] as const) {
      assert.equal((await x.tools.prepare(name, input)).confirmation, undefined, `${name} changes nothing and asks nothing`);
    }
  });

  it('names a hostile item in its confirmation as plain text: readable, and never rendered', async () => {
    const prepared = await x.tools.prepare('skyvia_start_run', { workspaceId: F.hostileIntegration.workspaceId, id: F.hostileIntegration.integrationId });
    const message = prepared.confirmation?.message ?? '';
    // A code span: the chat renders no link, image or markup in it, and VS Code's dialog shows its text as it is.
    assert.ok(
      message.includes(`the integration “\`${F.hostileIntegration.name}\`” (id ${F.hostileIntegration.integrationId} in workspace “\`Personal\`”)`),
      message,
    );
    assert.equal(message.split('`').length, 5, 'two code spans, nothing of the name outside them');
    assert.doesNotMatch(message, /\\/, 'no Markdown escapes to read through');
  });

  it('starts exactly one run once confirmed, through the same action as the tree', async () => {
    const input = { name: 'Postgres → S3 Parquet Archive' };
    const before = (await stats()).runsStarted;
    const text = await invoke('skyvia_start_run', input);
    assert.match(text, /^Started run \d+ of “Postgres → S3 Parquet Archive”/, text);
    assert.equal((await stats()).runsStarted, before + 1, 'one run');
    const ref = { kind: 'integration' as const, workspaceId: F.workspaces.dataPlatform, id: String(F.idleIntegrationId) };
    assert.ok(x.state.activeRun(ref), 'the watcher follows it, as a run started from the tree');
    // Let it end, so later suites start from an idle integration.
    await demo.control('advance', { ms: 10_000 });
    for (let i = 0; i < 20 && x.state.activeRun(ref); i++) await x.watch.tickNow();
    assert.equal(x.state.activeRun(ref), null, 'the run was seen to end');
  });

  it('cannot act without a confirmation, and never guesses between several matches', async () => {
    const before = (await stats()).runsStarted;
    // An input no confirmation was prepared for (VS Code always prepares; this calls around it).
    assert.match(
      await x.tools.invokeUnconfirmed('skyvia_start_run', { kind: 'integration', workspaceId: F.workspaces.dataPlatform, id: F.idleIntegrationId }),
      /Nothing was done/,
    );
    // Two integrations have "Salesforce" in their name: no confirmation is offered, nothing is started.
    assert.equal((await x.tools.prepare('skyvia_start_run', { name: 'Salesforce' })).confirmation, undefined);
    const text = await invoke('skyvia_start_run', { name: 'Salesforce' });
    assert.match(text, /2 integrations match; nothing was done/);
    assert.equal(jsonLines(text).length, 2);
    assert.equal((await stats()).runsStarted, before);
  });

  it('disables and enables through the same actions as the tree', async () => {
    const input = { kind: 'endpoint', enabled: false, workspaceId: F.workspaces.dataPlatform, id: F.endpointId };
    assert.match(await invoke('skyvia_set_enabled', input), /disabled/i);
    assert.match(await invoke('skyvia_set_enabled', { ...input, enabled: true }), /enabled/i);
    const endpoint = x.tree.nodesOf({ kind: 'endpoint', workspaceId: F.workspaces.dataPlatform, id: String(F.endpointId) });
    for (const node of endpoint) assert.doesNotMatch(x.tree.getTreeItem(node).contextValue ?? '', /disabled/, 'the tree shows it enabled again');
  });

  it('says "not allowed" on a 403 and "not found" on a 404, as text', async () => {
    // One 403: the token is re-checked (and still good), so only this answer is refused.
    await demo.faults({ failNext: { n: 1, status: 403 } });
    try {
      assert.match(await invoke('skyvia_find_items', { query: 'x' }), /^Not allowed: /);
    } finally {
      await demo.clearFaults();
    }
    await signedIn();
    const text = await invoke('skyvia_run_details', { kind: 'run', workspaceId: F.workspaces.dataPlatform, itemId: 999_999, id: '1' });
    assert.match(text, /^Not found: \S/);
    assert.doesNotMatch(text, /Not found\W+Not found/i, 'said once');
  });

  it('never puts the token, an agent key or an endpoint token in an answer', async () => {
    const headers = { Authorization: demo.token, Accept: 'application/json' };
    const ws = F.workspaces.dataPlatform;
    const agents = (await (await fetch(`${demo.url}/v1/workspaces/${ws}/agents?take=200`, { headers })).json()) as { data: Record<string, unknown>[] };
    const endpoints = (await (await fetch(`${demo.url}/v1/workspaces/${ws}/endpoints?take=200`, { headers })).json()) as { data: Record<string, unknown>[] };
    const secrets = [demo.token, ...agents.data.map((a) => a.key), ...endpoints.data.map((e) => e.token)].filter(
      (s): s is string => typeof s === 'string' && s.length >= 8,
    );
    assert.ok(secrets.length >= 3, 'secrets to look for');
    answers.push(await invoke('skyvia_find_items', { kinds: ['agent', 'endpoint'] }));
    answers.push(await invoke('skyvia_test', { kind: 'agent', workspaceId: ws, id: F.agents.online.agentId }));
    for (const text of answers) for (const s of secrets) assert.ok(!text.includes(s), 'no secret in any answer');
  });

  it('says how to sign in when signed out', async () => {
    await x.session.signOut();
    try {
      const text = await invoke('skyvia_recent_runs', {});
      assert.match(text, /Not signed in to Skyvia[\s\S]*Try the Demo Account/);
    } finally {
      await signedIn();
    }
  });
});

describe('language-model tools: a "No" stays no', () => {
  let x: SkyviaExplorerApi;
  // Faults are queued here: nothing may poll meanwhile and take one meant for the call under test.
  signedInQuietly((api) => (x = api), { nothingRunning: true });
  const input = { name: 'HubSpot ↔ Salesforce Contacts' };
  // Another integration than the one above: each case stands alone, even if one before it started a run.
  const byId = { workspaceId: F.workspaces.dataPlatform, id: F.idleIntegrationId };

  /** The chat's Cancel (or a dialog's): VS Code prepared the call and asked; on "no" it never invokes. */
  async function declined(call: object): Promise<void> {
    const asked = await x.tools.prepare('skyvia_start_run', call);
    assert.equal(asked.confirmation?.title, 'Run the integration?', 'a question was asked');
  }

  const failingReads: [how: string, call: object, fault: Record<string, unknown>][] = [
    ['by name, and a read fails while it is prepared', input, { failNext: { n: 1, status: 404 } }],
    ['by id, and a gateway fails every try of a read', byId, { htmlNext: { n: 3, status: 502 } }],
  ];
  for (const [how, call, fault] of failingReads) {
    it(`does not start a declined run when the same call comes again ${how}`, async () => {
      const before = (await stats()).runsStarted;
      await declined(call);
      await demo.faults(fault);
      const text = await invoke('skyvia_start_run', call).finally(() => demo.clearFaults());
      assert.match(text, /^Nothing was done: /, text);
      assert.equal((await stats()).runsStarted, before, 'no run created');
    });
  }

  it('asks again when the same call comes again, and starts only what its own question named', async () => {
    const before = (await stats()).runsStarted;
    await declined(input);
    // VS Code prepares this call anew and asks (the test host answers "yes" itself).
    const text = await invoke('skyvia_start_run', input);
    assert.match(text, /^Started run \d+ of “HubSpot ↔ Salesforce Contacts”/, text);
    assert.equal((await stats()).runsStarted, before + 1, 'one run');
    assert.match(await x.tools.invokeUnconfirmed('skyvia_start_run', input), /^Nothing was done: /, 'the question was used up');
    assert.equal((await stats()).runsStarted, before + 1);
    await letRunsEnd(x);
  });

  it('says "not found" once when the service only says "Not found."', async () => {
    const [run] = jsonLines(
      await invoke('skyvia_recent_runs', { workspaceId: F.workspaces.dataPlatform, id: F.integrations.alwaysFails.integrationId, limit: 1 }),
    );
    await demo.faults({ failNext: { n: 1, status: 404 } });
    const text = await invoke('skyvia_run_details', { kind: 'run', workspaceId: run.workspaceId, itemId: run.itemId, id: run.id }).finally(() =>
      demo.clearFaults(),
    );
    assert.equal(text, 'Not found. Check the ids with skyvia_find_items.');
  });
});

describe('language-model tools and commands: secrets the service repeats', () => {
  let x: SkyviaExplorerApi;
  signedInQuietly((api) => (x = api));
  const P = F.echoesSecrets.workspaceId;
  const agentInput = { kind: 'agent', workspaceId: P, id: F.echoesSecrets.agentId };
  const endpointInput = { kind: 'endpoint', enabled: false, workspaceId: P, id: F.echoesSecrets.endpointId };

  /** The secrets as the service hands them out, read as any other program would. */
  async function secrets(): Promise<{ key: string; token: string }> {
    const get = async (path: string) =>
      (await (await fetch(`${demo.url}/v1/workspaces/${P}/${path}`, { headers: { Authorization: demo.token } })).json()) as Record<string, string>;
    return { key: (await get(`agents/${F.echoesSecrets.agentId}`)).key, token: (await get(`endpoints/${F.echoesSecrets.endpointId}`)).token };
  }

  it('keeps an agent key out of the answer of a test whose message repeats it', async () => {
    const { key } = await secrets();
    const text = await invoke('skyvia_test', agentInput);
    assert.match(text, /FAILED[\s\S]*The service said: Agent «agent key» is offline/, text);
    assert.ok(!text.includes(key), 'no key in the answer');
  });

  it('keeps an endpoint token out of the answer of a refused disable whose message repeats it', async () => {
    const { token } = await secrets();
    const text = await invoke('skyvia_set_enabled', endpointInput);
    assert.match(text, /^Failed: .*Endpoint «endpoint token» cannot be disabled now/, text);
    assert.ok(!text.includes(token), 'no token in the answer');
  });

  it('keeps both out of the notifications and the log of the same actions from the tree', async () => {
    const { key, token } = await secrets();
    const ui = x.ui.script([]);
    await vscode.commands.executeCommand('skyvia.testAgent', await find(x, 'Personal', 'Agents', "Dana's laptop"));
    await vscode.commands.executeCommand('skyvia.disableEndpoint', await find(x, 'Personal', 'Endpoints', F.hostileEndpoint.name));
    const said = ui.transcript.filter((t) => t.kind === 'message').map((t) => t.text);
    assert.ok(
      said.some((t) => /failed: Agent «agent key» is offline/.test(t)),
      said.join('\n'),
    );
    assert.ok(
      said.some((t) => /Endpoint «endpoint token» cannot be disabled now/.test(t)),
      said.join('\n'),
    );
    for (const t of x.ui.said()) assert.ok(!t.includes(key) && !t.includes(token), `no secret said: ${t.slice(0, 80)}`);
    // Copy Key still copies the key itself: it is the one place the secret is meant to go.
    await vscode.commands.executeCommand('skyvia.copyAgentKey', await find(x, 'Personal', 'Agents', "Dana's laptop"));
    assert.equal(await vscode.env.clipboard.readText(), key);
  });
});
