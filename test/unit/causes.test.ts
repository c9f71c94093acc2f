// Grouping failures by cause, measured: a labelled set of first errors — the demo service's own,
// and what the connectors Skyvia serves write — each with the cause a person on call would give
// it. Lines of one label must make one signature (else the group is split) and lines of two
// labels two (else they are merged). The figures are printed, and both must be 0.
import * as assert from 'node:assert/strict';
import { causeMessage, causeOf, maskFigures } from '../../src/shared/causes';
import { entryFirstError } from '../../src/kinds';
import { automationError, automationResult, integrationRunLog, snapshotLog } from '../../src/demo/logs';

type Labelled = readonly [label: string, line: string];

/** First errors as the demo service writes them: a run's log line, a snapshot's, an execution's result or error, a request's. */
const DEMO: Labelled[] = [
  [
    'truncated',
    "2026-11-20 10:00:04.120 ERROR Batch 3: record 482913 failed: String or binary data would be truncated in table 'dbo.Orders', column 'ShipCity'.",
  ],
  [
    'truncated',
    "2026-11-21 22:14:51.007 ERROR Batch 17: record 100233 failed: String or binary data would be truncated in table 'dbo.Invoices', column 'Memo'.",
  ],
  [
    'truncated',
    "2026-11-27 03:00:09.871 ERROR Batch 1: record 999999 failed: String or binary data would be truncated in table 'sales.Leads', column 'Company'.",
  ],
  ['required', '2026-11-20 10:00:04.120 ERROR Batch 8: record 312004 failed: Required field is missing: [LastName].'],
  ['required', '2026-11-22 08:31:00.000 ERROR Batch 2: record 700001 failed: Required field is missing: [Email].'],
  [
    'duplicate-sqlserver',
    "2026-11-20 10:00:04.120 ERROR Batch 4: record 554120 failed: Cannot insert duplicate key row in object 'dbo.Customers' with unique index 'IX_Customers_Email'.",
  ],
  [
    'duplicate-sqlserver',
    "2026-11-23 11:45:12.333 ERROR Batch 12: record 120877 failed: Cannot insert duplicate key row in object 'dbo.Products' with unique index 'IX_Products_Sku'.",
  ],
  ['invalid-date', '2026-11-20 10:00:04.120 ERROR Batch 5: record 239001 failed: Invalid date value: 0000-00-00.'],
  ['invalid-date', '2026-11-24 18:02:44.901 ERROR Batch 9: record 845112 failed: Invalid date value: 2026-02-30.'],
  ['sf-validation', '2026-11-20 10:00:04.120 ERROR Batch 6: record 410220 failed: FIELD_CUSTOM_VALIDATION_EXCEPTION: Postal code does not match the country.'],
  ['sf-validation', '2026-11-26 07:19:30.556 ERROR Batch 21: record 187003 failed: FIELD_CUSTOM_VALIDATION_EXCEPTION: Postal code does not match the country.'],
  ['connect-timeout', '2026-11-20 10:00:59.000 ERROR Run failed: Connection timeout expired after 30 s while connecting to SQL Server.'],
  ['connect-timeout', '2026-11-21 04:00:31.120 ERROR Run failed: Connection timeout expired after 30 s while connecting to Google BigQuery.'],
  ['connect-timeout', '2026-11-25 16:00:30.002 ERROR Run failed: Connection timeout expired after 45 s while connecting to Snowflake.'],
  ['mssql-login', "2026-11-20 10:00:02.000 ERROR Run failed: Login failed for user 'etl_reader'. (SQL Server error 18456)"],
  ['mssql-login', "2026-11-27 01:00:02.510 ERROR Run failed: Login failed for user 'svc_sync2'. (SQL Server error 18456)"],
  ['sf-session', '2026-11-20 10:00:02.000 ERROR Run failed: INVALID_SESSION_ID: Session expired or invalid.'],
  ['sf-session', '2026-11-26 13:12:40.441 ERROR Run failed: INVALID_SESSION_ID: Session expired or invalid.'],
  [
    'deadlock',
    '2026-11-20 10:00:02.000 ERROR Run failed: Transaction was deadlocked on lock resources with another process and has been chosen as the deadlock victim.',
  ],
  [
    'deadlock',
    '2026-11-22 23:59:58.998 ERROR Run failed: Transaction was deadlocked on lock resources with another process and has been chosen as the deadlock victim.',
  ],
  ['error-limit', '2026-11-20 10:00:02.000 ERROR Run failed: Too many errors: the error limit of 1,000 rows was reached while writing to PostgreSQL.'],
  ['error-limit', '2026-11-23 10:00:02.000 ERROR Run failed: Too many errors: the error limit of 250 rows was reached while writing to Amazon S3.'],
  ['ora-listener', "2026-11-20 10:00:02.000 ERROR Run failed: ORA-12541: TNS:no listener. The agent 'dc2-legacy-erp-agent' has not connected for 3 days."],
  ['ora-listener', "2026-11-21 10:00:02.000 ERROR Run failed: ORA-12541: TNS:no listener. The agent 'dc1-erp' has not connected for 12 days."],
  ['sf-limit', '2026-11-20 02:00:00.000 ERROR Snapshot failed: API request limit exceeded for Salesforce (REQUEST_LIMIT_EXCEEDED).'],
  ['sf-limit', '2026-11-22 02:00:00.000 ERROR Snapshot failed: API request limit exceeded for QuickBooks Online (REQUEST_LIMIT_EXCEEDED).'],
  ['slack-429', 'Step 3 "Post message to #orders-alerts": failed: HTTP 429 from api.slack.com: rate limited.'],
  ['slack-429', 'ERROR HTTP 429 from api.slack.com: rate limited.'],
  ['slack-429', 'Step 4 "Send Slack summary": failed: HTTP 429 from api.slack.com: rate limited.'],
  ['lookup-empty', 'Step 2 "Lookup customer in PostgreSQL": failed: Lookup returned no rows for key \'customer_id\'.'],
  ['lookup-empty', "ERROR Lookup returned no rows for key 'deal_id'."],
  ['automation-timeout', 'Step 1 "Read new leads": failed: Timeout after 60 s waiting for the connection.'],
  ['automation-timeout', 'ERROR Timeout after 90 s waiting for the connection.'],
  ['query-timeout', 'ERROR Query timeout expired after 120 s.'],
  ['query-timeout', 'ERROR Query timeout expired after 30 s.'],
  ['entity-set', "ERROR Entity set 'Orders' not found."],
  ['entity-set', "ERROR Entity set 'Customers' not found."],
  ['endpoint-token', 'Error: Authentication failed: invalid endpoint token.'],
  ['endpoint-token', 'ERROR Authentication failed: invalid endpoint token.'],
  ['syntax', 'ERROR Syntax error near keyword FROM.'],
  ['s3-denied', "2026-11-20 10:00:02.000 ERROR Run failed: Access Denied (403 Forbidden) listing bucket 'bf-archive'. Check the IAM policy of the access key."],
  [
    's3-denied',
    "2026-11-21 10:00:02.000 ERROR Run failed: Access Denied (403 Forbidden) listing bucket 'acme-exports-2026'. Check the IAM policy of the access key.",
  ],
  ['oauth-refresh', '2026-11-20 10:00:02.000 ERROR Run failed: OAuth refresh token expired. Reconnect to Xero to continue.'],
  ['oauth-refresh', '2026-11-24 10:00:02.000 ERROR Run failed: OAuth refresh token expired. Reconnect to QuickBooks Online to continue.'],
  ['api-token', '2026-11-20 10:00:02.000 ERROR Run failed: Invalid API token: the token was revoked or has expired.'],
];

/** What the connectors Skyvia serves write, with what changes changed. */
const CONNECTORS: Labelled[] = [
  // Salesforce
  ['sf-request-limit', 'REQUEST_LIMIT_EXCEEDED: TotalRequests Limit exceeded.'],
  ['sf-request-limit', '2026-11-22 04:01:12.001 ERROR Run failed: REQUEST_LIMIT_EXCEEDED: TotalRequests Limit exceeded.'],
  ['sf-row-lock', 'UNABLE_TO_LOCK_ROW: unable to obtain exclusive access to this record or 1 records: 0015g00000XyZabAAB'],
  ['sf-row-lock', 'UNABLE_TO_LOCK_ROW: unable to obtain exclusive access to this record or 3 records: 0015g00000Qw3rtAAC,0015g00000Qw3ruAAC'],
  ['sf-duplicate', 'DUPLICATE_VALUE: duplicate value found: External_Id__c duplicates value on record with id: a015g00000AbCdEAAZ'],
  ['sf-duplicate', 'DUPLICATE_VALUE: duplicate value found: Order_Number__c duplicates value on record with id: a015g00000ZzYyXAAV'],
  // SQL Server
  ['mssql-pk', "Violation of PRIMARY KEY constraint 'PK_Orders'. Cannot insert duplicate key in object 'dbo.Orders'. The duplicate key value is (10423)."],
  [
    'mssql-pk',
    "Violation of PRIMARY KEY constraint 'PK_OrderLines'. Cannot insert duplicate key in object 'sales.OrderLines'. The duplicate key value is (77, 3).",
  ],
  ['mssql-truncation', "String or binary data would be truncated in table 'Warehouse.dbo.Stock', column 'Bin'. Truncated value: 'A-17-BAY-0042-X'."],
  ['mssql-truncation', "String or binary data would be truncated in table 'dwh.dbo.Customer', column 'Phone'. Truncated value: '+44 20 7946 0958 ext'."],
  ['mssql-login', "Login failed for user 'CORP\\svc-skyvia'. (SQL Server error 18456)"],
  ['mssql-login', "Login failed for user 'reporting'. (SQL Server error 18456)"],
  ['mssql-db', 'Cannot open database "Sales_2026" requested by the login. The login failed. (SQL Server error 4060)'],
  ['mssql-db', 'Cannot open database "Archive" requested by the login. The login failed. (SQL Server error 4060)'],
  // MySQL
  ['mysql-duplicate', "Error Code: 1062. Duplicate entry 'jane.doe@example.com' for key 'users.email'"],
  ['mysql-duplicate', "Error Code: 1062. Duplicate entry '42-7' for key 'order_items.PRIMARY'"],
  ['mysql-too-long', "Error Code: 1406. Data too long for column 'description' at row 17"],
  ['mysql-too-long', "Error Code: 1406. Data too long for column 'sku' at row 1"],
  // PostgreSQL
  ['pg-unique', 'duplicate key value violates unique constraint "orders_pkey"'],
  ['pg-unique', 'duplicate key value violates unique constraint "customers_email_key"'],
  ['pg-varchar', 'value too long for type character varying(50)'],
  ['pg-varchar', 'value too long for type character varying(255)'],
  ['pg-relation', 'relation "public.staging_orders" does not exist'],
  ['pg-relation', 'relation "tmp_import_20261127" does not exist'],
  // OAuth
  ['oauth-invalid-grant', '{"error":"invalid_grant","error_description":"Token has been expired or revoked."}'],
  ['oauth-invalid-grant', '2026-11-25 06:00:00.120 ERROR Run failed: {"error":"invalid_grant","error_description":"Token has been expired or revoked."}'],
  ['oauth-expired-bearer', 'The access token expired at 2026-11-27T06:00:00Z. Sign in to HubSpot again.'],
  ['oauth-expired-bearer', 'The access token expired at 2026-11-28T18:32:10Z. Sign in to Dynamics 365 again.'],
  // Timeouts and the network
  ['http-timeout', 'The operation has timed out after 00:01:40 waiting for https://api.hubapi.com/crm/v3/objects/contacts?limit=100&after=3421.'],
  ['http-timeout', 'The operation has timed out after 00:05:00 waiting for https://acme.my.salesforce.com/services/data/v59.0/query.'],
  ['read-timeout', 'Timeout expired. The timeout period elapsed prior to completion of the operation or the server is not responding.'],
  ['read-timeout', 'Run failed: Timeout expired. The timeout period elapsed prior to completion of the operation or the server is not responding.'],
  ['dns', 'No such host is known. (sql01.corp.acme.local:1433)'],
  ['dns', 'No such host is known. (db-replica-2.eu-west-1.rds.amazonaws.com:5432)'],
  // Files
  ['file-not-found', "Could not find file 'C:\\Exports\\orders_20261127.csv'."],
  ['file-not-found', "Could not find file '\\\\fs01\\share\\in\\customers.csv'."],
  ['ftp-not-found', 'File /incoming/2026/11/27/orders.csv was not found on the FTP server.'],
  ['ftp-not-found', 'File /incoming/2026/11/28/orders-part2.csv was not found on the FTP server.'],
  // Agents
  ['agent-offline', "The agent 'dc2-legacy-erp-agent' is offline: it has not connected since 2026-11-25 04:12."],
  ['agent-offline', "The agent 'Warehouse Agent' is offline: it has not connected since 2026-11-27 23:59."],
  ['agent-version', 'Agent version 2.4.1 is not supported; update the agent to 3.0 or later.'],
  ['agent-version', 'Agent version 2.9.0 is not supported; update the agent to 3.0 or later.'],
  // HTTP APIs
  ['http-503', 'HTTP 503 Service Unavailable from https://api.stripe.com/v1/charges'],
  ['http-503', 'HTTP 503 Service Unavailable from https://api.stripe.com/v1/customers?limit=100'],
  ['http-401', 'HTTP 401 Unauthorized from https://api.pipedrive.com/v1/deals'],
  ['guid-not-found', 'Record 6f1c2a9e-3b7d-4c1e-9a0b-2f4e5d6c7b8a of entity Contact was not found.'],
  ['guid-not-found', 'Record 0a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d of entity Contact was not found.'],
  ['mail-bounce', 'Mailbox unavailable: <finance@acme.example> rejected the message (550 5.1.1).'],
  ['mail-bounce', 'Mailbox unavailable: <j.smith@contoso.example> rejected the message (550 5.1.1).'],
];

const LABELLED = [...DEMO, ...CONNECTORS];

/**
 * What the signature does not catch, kept here so the README's list stays true: one cause in
 * other words (another connector's, another version's), a changing name with no quotes and no
 * preposition before it, and causes told apart only by a small number that no code marker
 * introduces.
 */
const BEYOND: Labelled[] = [
  ['deadlock', 'Transaction was deadlocked on lock resources with another process and has been chosen as the deadlock victim.'],
  ['deadlock', 'Transaction (Process ID 67) was deadlocked on lock resources with another process and has been chosen as the deadlock victim.'],
  ['file-not-found', "Could not find file 'C:\\Exports\\orders.csv'."],
  ['file-not-found', 'File /incoming/orders.csv was not found on the FTP server.'],
  ['table-missing', 'Table Orders does not exist.'],
  ['table-missing', 'Table Customers does not exist.'],
  ['exit-1', 'The script exited with 1.'],
  ['exit-137', 'The script exited with 137.'],
];

/** How many groups are split (one label, several signatures) and merged (one signature, several labels). */
function quality(set: readonly Labelled[]): { split: string[]; merged: string[]; groups: number } {
  const byLabel = new Map<string, Set<string>>();
  const bySignature = new Map<string, Set<string>>();
  for (const [label, line] of set) {
    const { signature } = causeOf(line);
    byLabel.set(label, (byLabel.get(label) ?? new Set()).add(signature));
    bySignature.set(signature, (bySignature.get(signature) ?? new Set()).add(label));
  }
  const split = [...byLabel].filter(([, s]) => s.size > 1).map(([label, s]) => `${label}: ${[...s].join(' | ')}`);
  const merged = [...bySignature].filter(([, l]) => l.size > 1).map(([s, l]) => `${[...l].join(' + ')}: ${s}`);
  return { split, merged, groups: bySignature.size };
}

describe('causes', () => {
  it(`groups ${LABELLED.length} labelled first errors with no group split and none merged`, () => {
    assert.ok(LABELLED.length >= 60, 'the labelled set holds at least 60 lines');
    const { split, merged, groups } = quality(LABELLED);
    const labels = new Set(LABELLED.map(([l]) => l)).size;
    console.log(`      causes: ${LABELLED.length} lines, ${labels} causes labelled, ${groups} signatures; ${split.length} split, ${merged.length} merged`);
    assert.deepEqual({ split, merged }, { split: [], merged: [] });
  });

  it('does not catch what the README says it does not (figures printed)', () => {
    const { split, merged } = quality(BEYOND);
    console.log(`      beyond: ${BEYOND.length} lines; ${split.length} split, ${merged.length} merged`);
    assert.deepEqual([split.length, merged.length], [3, 1]);
  });

  it('says a cause in plain words, what changes shown as “…”', () => {
    assert.equal(
      causeOf(
        "2026-11-20 10:00:04.120 ERROR Batch 4: record 554120 failed: Cannot insert duplicate key row in object 'dbo.Customers' with unique index 'IX_Customers_Email'.",
      ).words,
      "Cannot insert duplicate key row in object '…' with unique index '…'.",
    );
    assert.equal(
      causeOf('Run failed: Connection timeout expired after 30 s while connecting to SQL Server.').words,
      'Connection timeout expired after … s while connecting to ….',
    );
    assert.equal(
      causeOf("Run failed: Login failed for user 'etl_reader'. (SQL Server error 18456)").words,
      "Login failed for user '…'. (SQL Server error 18456)",
    );
  });

  it('keeps error codes: other codes, other causes', () => {
    assert.notEqual(causeOf('ORA-12541: TNS:no listener').signature, causeOf('ORA-12514: TNS:no listener').signature);
    assert.notEqual(causeOf('HTTP 429 from api.example.com').signature, causeOf('HTTP 503 from api.example.com').signature);
    assert.notEqual(causeOf('Error Code: 1062. Write refused.').signature, causeOf('Error Code: 1406. Write refused.').signature);
    assert.notEqual(causeOf('Login failed (SQL Server error 18456)').signature, causeOf('Login failed (SQL Server error 4060)').signature);
  });

  it('takes off a log line’s time and level and the wrappers that say where it failed', () => {
    assert.equal(causeMessage('2026-11-20 10:00:04.120 ERROR Batch 3: record 1 failed: Bad row.'), 'Bad row.');
    assert.equal(causeMessage('Step 2 "Lookup": failed: No rows.'), 'No rows.');
    assert.equal(causeMessage('Snapshot failed: Limit exceeded.'), 'Limit exceeded.');
    assert.equal(causeMessage('Error: Authentication failed: invalid token.'), 'Authentication failed: invalid token.');
    assert.equal(
      causeMessage('Run failed: {"error":"invalid_grant","error_description":"Token has been expired or revoked."}'),
      'error: invalid_grant; error_description: Token has been expired or revoked.',
    );
  });

  it('masks a log line’s figures and nothing else, one line for one', () => {
    assert.equal(
      maskFigures('+00:00:05.047 INFO  Batch 12: read 1,204 records, wrote 1,200 rows (311 inserted).'),
      '<time> INFO  Batch #: read # records, wrote # rows (# inserted).',
    );
    assert.equal(
      maskFigures("ERROR Run failed: Login failed for user 'etl_reader'. (SQL Server error 18456)"),
      "ERROR Run failed: Login failed for user 'etl_reader'. (SQL Server error 18456)",
    );
    assert.equal(maskFigures('Run 5 of integration 12 "Orders" started at 2026-11-20 10:00:01.'), 'Run # of integration # "Orders" started at <time>.');
    assert.equal(maskFigures('+00:00:02.000 ERROR HTTP 429 from api.slack.com after 3 tries.'), '<time> ERROR HTTP 429 from api.slack.com after # tries.');
  });

  it('finds the first error where each kind’s record keeps it', () => {
    const log = integrationRunLog({
      runId: 7,
      name: 'Orders',
      integrationId: 1,
      type: 'import',
      source: 'PostgreSQL',
      target: 'SQL Server',
      startMs: Date.UTC(2026, 10, 20, 10),
      endMs: Date.UTC(2026, 10, 20, 10, 5),
      state: 'Failed',
      successRows: 100,
      errorRows: 0,
      lines: 12,
      seed: 3,
      failure: 'Deadlock.',
      finished: true,
    });
    assert.match(entryFirstError('run', { runId: 7, state: 'Failed', result: log }) ?? '', /ERROR Run failed: Deadlock\.$/);
    const snapshot = snapshotLog({ snapshotId: 3, connector: 'Salesforce', startMs: 0, endMs: 60_000, state: 'Failed', lines: 8, seed: 2, finished: true });
    assert.match(entryFirstError('snapshot', { snapshotId: 3, state: 'Failed', log: snapshot }) ?? '', /REQUEST_LIMIT_EXCEEDED/);
    const facts = { steps: ['Read', 'Post'], state: 'Failed', billedTasks: 2, seed: 5, failure: 'HTTP 429 from api.slack.com: rate limited.' };
    const seedShape = entryFirstError('execution', { executionId: '1', state: 'Failed', result: automationResult(facts) });
    const liveShape = entryFirstError('execution', { executionId: '1', state: 'Failed', error: automationError(facts) });
    assert.equal(causeOf(seedShape ?? '').signature, causeOf(liveShape ?? '').signature);
    assert.equal(
      entryFirstError('request', {
        log: ['Request received: GET /x', 'Error: Query timeout expired after 120 s.'],
        error: 'Query timeout expired after 120 s.',
      }),
      'ERROR Query timeout expired after 120 s.',
    );
    assert.equal(entryFirstError('run', { runId: 1, state: 'Failed' }), undefined);
  });
});
