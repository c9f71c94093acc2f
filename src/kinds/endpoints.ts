// Published endpoints and the requests they served: everything that is particular to them. A
// request is over once it can be read: it is never under way, so it has no run record.
import * as l10n from '@vscode/l10n';
import type { Endpoint, EndpointRequest, EndpointRequestDetails } from '../api';
import { endpointTypeName, latestText as latestField, MASK, str, yesNo } from '../shared/describe';
import { formatBytes, formatCount, formatDateTime, joinParts, plural, relativeTime, whenText } from '../shared/format';
import { numId, wsId } from '../shared/refs';
import { endedSentence, namedTitle, pinCapability } from './common';
import type { EntryRecord, HistoryRecord } from './kind';

type AnyRequest = EndpointRequest & EndpointRequestDetails & { failed?: boolean };

export const REQUEST: EntryRecord<AnyRequest> = {
  kind: 'request',
  english: ['request', 'requests'],
  words: {
    noun: () => l10n.t('request'),
    title: () => l10n.t('Request'),
    plural: () => l10n.t('requests'),
    count: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} request', c),
        (c) => l10n.t('{0} requests', c),
      ),
    which: () => l10n.t('Which request?'),
    another: () => l10n.t('Another request…'),
    name: (id) => l10n.t('Request {0}', id),
    nameOf: (id, item) => l10n.t('Request {0} of {1}', id, item),
    fact: (id) => l10n.t('request {0}', id),
    meaning: (outcome) =>
      ({
        running: () => l10n.t('Running request'),
        queued: () => l10n.t('Queued request'),
        succeeded: () => l10n.t('Succeeded request'),
        failed: () => l10n.t('Failed request'),
        canceled: () => l10n.t('Canceled request'),
        unknown: () => l10n.t('Request'),
      })[outcome](),
    ended: (e) =>
      endedSentence(e, {
        succeeded: () =>
          l10n.t({
            message: 'The request of “{0}” succeeded ({1}).',
            args: [e.item, e.facts],
            comment: ['{1} lists what is known, such as "request 123 · 2 s"'],
          }),
        failed: () =>
          l10n.t({ message: 'The request of “{0}” failed ({1}).', args: [e.item, e.facts], comment: ['{1} lists what is known, such as "request 123 · 2 s"'] }),
        failedWith: (error) =>
          l10n.t({
            message: 'The request of “{0}” failed: {1} ({2}).',
            args: [e.item, error, e.facts],
            comment: ['{1} is the service\'s error; {2} lists what is known, such as "request 123 · 2 s"'],
          }),
        killed: () =>
          l10n.t({
            message: 'The request of “{0}” was killed ({1}).',
            args: [e.item, e.facts],
            comment: ['{1} lists what is known, such as "request 123 · 2 s"'],
          }),
        canceled: () =>
          l10n.t({
            message: 'The request of “{0}” was canceled ({1}).',
            args: [e.item, e.facts],
            comment: ['{1} lists what is known, such as "request 123 · 2 s"'],
          }),
        unread: () =>
          l10n.t({
            message: 'The request of “{0}” ended as “{1}” ({2}); its outcome could not be read.',
            args: [e.item, e.state, e.facts],
            comment: ['{1} is the service\'s state word; {2} lists what is known, such as "request 123 · 2 s"'],
          }),
      }),
    pinnedFailed: (item, id, when) =>
      when
        ? l10n.t('A request of pinned “{0}” failed: request {1} of {2}.', item, id, when)
        : l10n.t('A request of pinned “{0}” failed: request {1}.', item, id),
    moreFailed: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} more request failed since the last look.', c),
        (c) => l10n.t('{0} more requests failed since the last look.', c),
      ),
    ofItem: (item) => ({
      placeholder: l10n.t('Which request of {0}? (newest first)', item),
      empty: l10n.t('There is nothing to choose from: no request of {0}.', item),
    }),
    noSuccessBefore: (item, id, looked) =>
      l10n.t('No request of {0} succeeded before request {1} ({2} read): there is nothing to compare it with.', item, id, looked),
    reading: (id, log) => (log ? l10n.t('Reading request {0} and its log', id) : l10n.t('Reading request {0}', id)),
    rowButtons: (id, when) => ({ log: l10n.t('Open the log of request {0}, {1}', id, when), open: l10n.t('Open request {0}, {1}', id, when) }),
    history: () => ({
      title: l10n.t('Requests'),
      region: l10n.t('History of requests'),
      caption: l10n.t('Requests, newest first unless sorted otherwise'),
      more: l10n.t('Load more requests'),
      empty: l10n.t('No requests yet.'),
      emptyFiltered: l10n.t('No requests match the filter.'),
    }),
    empty: (filtered) => (filtered ? l10n.t('No requests match the filter') : l10n.t('No requests yet')),
    show: () => l10n.t('Show Request'),
    underWay: (item, id) => l10n.t('{0} is still serving request {1}.', item, id),
  },
  // "GET 7f3a…": the method (the service's word) says more than "Request" does.
  title: (ref, r) => (str(r?.method) ? `${str(r.method)} ${ref.id}` : l10n.t('Request {0}', ref.id)),
  details: (ref, r, facts) => {
    const at = (v: string | null | undefined) => whenText(v, facts.now);
    return [
      [l10n.t('Date'), at(r.date)],
      [l10n.t('Method'), str(r.method)],
      [l10n.t('URL'), str(r.url)],
      [l10n.t('Remote IP'), str(r.remoteIP)],
      [l10n.t('User agent'), str(r.userAgent)],
      [l10n.t('User'), str(r.user)],
      [l10n.t('Size'), formatBytes(r.bytes)],
      [l10n.t('Rows'), formatCount(r.rows)],
      [l10n.t('Failed'), yesNo(r.failed ?? (r.error ? true : undefined))],
      [l10n.t('Error'), str(r.error)],
      // The live service's own fields: whether the request came from outside, and its paging token.
      [l10n.t('External'), yesNo(r.external)],
      [l10n.t('Page token'), str(r.pageToken)],
      [l10n.t('Request id'), ref.id],
    ];
  },
  read: (client, ref, signal) => client.getEndpointRequest(wsId(ref), ref.parentId as number, ref.id, { signal }),
  idOf: (r) => r.executionId || undefined,
  outcome: (r) => (r.failed === true ? 'failed' : r.failed === false ? 'succeeded' : 'unknown'),
  label: (r) => formatDateTime(r.date) || l10n.t('Request {0}', r.executionId),
  description: (r, now) =>
    joinParts(r.method, r.failed === true && 'failed', now !== undefined && relativeTime(r.date, now), formatBytes(r.bytes), shortUrl(r.url)),
  // A request has no runs to compare with.
  capabilities: () => ['canOpenLog'],
  comparable: false,
  latest: (r) => ({ state: r.failed === true ? 'Failed' : r.method, date: r.date }),
  // A request row carries its response size and whether it failed (rows and timings are only in
  // its own read): the size of each answer, failures marked.
  chart: {
    series: () => [{ label: l10n.t('Response (KB)'), axis: 'KB', tone: 'primary', style: 'line' }],
    point: (r) => ({ date: r.date, values: [typeof r.bytes === 'number' ? Math.round(r.bytes / 102.4) / 10 : undefined] }),
  },
  // Its `log` lines, then its `error` as an ERROR line and its `errorDetails`.
  logOf: (r) =>
    [
      Array.isArray(r.log) ? r.log.map(String).join('\n') : undefined,
      // l10n-ignore: ERROR is the log format's own level keyword, which the log grammar and Go to First Error match
      r.error ? `ERROR ${r.error}` : undefined,
      r.errorDetails,
    ]
      .filter(Boolean)
      .join('\n') || undefined,
};

export const ENDPOINT: HistoryRecord<Endpoint, AnyRequest> = {
  kind: 'endpoint',
  english: ['endpoint', 'endpoints'],
  words: {
    noun: () => l10n.t('endpoint'),
    title: () => l10n.t('Endpoint'),
    plural: () => l10n.t('endpoints'),
    count: (n) =>
      plural(
        n,
        (c) => l10n.t('{0} endpoint', c),
        (c) => l10n.t('{0} endpoints', c),
      ),
    which: () => l10n.t('Which endpoint?'),
    another: () => l10n.t('Another endpoint…'),
    numbered: (id) => l10n.t('Endpoint #{0}', id),
    unnamed: () => l10n.t('(unnamed endpoint)'),
    inWorkspace: (ws) => ({ placeholder: l10n.t('Which endpoint in {0}?', ws), empty: l10n.t('There is nothing to choose from: no endpoint in {0}.', ws) }),
    historyUnread: (why) => l10n.t("Couldn't read its requests: {0}", why),
    readingHistory: (failedOnly, item) => {
      if (item === undefined) return failedOnly ? l10n.t('Reading failed requests of endpoints') : l10n.t('Reading requests of endpoints');
      return failedOnly
        ? l10n.t({
            message: 'Reading failed requests of endpoint {0}',
            args: [item],
            comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'],
          })
        : l10n.t({
            message: 'Reading requests of endpoint {0}',
            args: [item],
            comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'],
          });
    },
  },
  toggle: {
    enable: 'skyvia.enableEndpoint',
    disable: 'skyvia.disableEndpoint',
    schedule: false,
    // A 200 (no body) is the service's word that it is now as asked: its row says so from now on.
    send: async (client, item, enable, row, signal) => {
      await (enable ? client.enableEndpoint(wsId(item), numId(item), { signal }) : client.disableEndpoint(wsId(item), numId(item), { signal }));
      return { row: { ...(row ?? {}), active: enable } };
    },
    words: {
      pickTitle: (enable) => (enable ? l10n.t('Enable an endpoint') : l10n.t('Disable an endpoint')),
      done: (enable, name) => (enable ? l10n.t('Endpoint {0} enabled.', name) : l10n.t('Endpoint {0} disabled.', name)),
      doneMany: (enable, n) =>
        enable
          ? plural(
              n,
              (c) => l10n.t('{0} endpoint enabled.', c),
              (c) => l10n.t('{0} endpoints enabled.', c),
            )
          : plural(
              n,
              (c) => l10n.t('{0} endpoint disabled.', c),
              (c) => l10n.t('{0} endpoints disabled.', c),
            ),
      progressMany: (enable, n) => (enable ? l10n.t('Enabling {0} endpoints…', n) : l10n.t('Disabling {0} endpoints…', n)),
      doing: (enabled, item) => {
        return enabled
          ? l10n.t({ message: 'Enabling the endpoint {0}', args: [item], comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'] })
          : l10n.t({ message: 'Disabling the endpoint {0}', args: [item], comment: ['{0} is its name in quotes, or its id (such as "12 in workspace 3")'] });
      },
      question: (enabled, ...n) =>
        enabled
          ? { title: l10n.t('Enable the endpoint?'), message: l10n.t('Enable the endpoint “{0}” (id {1} in workspace “{2}”)?', ...n) }
          : { title: l10n.t('Disable the endpoint?'), message: l10n.t('Disable the endpoint “{0}” (id {1} in workspace “{2}”)?', ...n) },
    },
  },
  category: { token: 'endpoints', label: () => l10n.t('Endpoints'), empty: () => l10n.t('No endpoints'), icon: 'globe' },
  title: namedTitle({ numbered: (id) => l10n.t('Endpoint #{0}', id), unnamed: () => l10n.t('(unnamed endpoint)') }),
  details: (ref, e, facts) => {
    const name = endpointTypeName(e.type, facts.endpointTypes);
    const number = facts.endpointTypes && name !== undefined ? facts.endpointTypes[name] : undefined;
    return [
      [l10n.t('Type'), number !== undefined ? `${name} (${number})` : name],
      [
        l10n.t('State'),
        e.active === undefined
          ? undefined
          : e.active
            ? l10n.t({ message: 'active', comment: ['The "State" of an endpoint'] })
            : l10n.t({ message: 'inactive', comment: ['The "State" of an endpoint'] }),
      ],
      [l10n.t('Token'), e.token ? l10n.t('{0} (use Copy Token)', MASK) : undefined],
      [l10n.t('Last request'), latestField(facts.latest, facts.now)],
      [l10n.t('Created'), whenText(e.created, facts.now)],
      [l10n.t('Modified'), whenText(e.modified, facts.now)],
      [l10n.t('Endpoint id'), ref.id],
    ];
  },
  secrets: ['token'],
  secret: {
    command: 'skyvia.copyEndpointToken',
    needs: 'canCopyToken',
    of: (e) => e.token,
    words: {
      pickTitle: () => l10n.t("Copy an endpoint's token"),
      progress: (name) => l10n.t('Copying the token of {0}…', name),
      couldNot: (name, reason) => l10n.t("Couldn't copy the token of {0}: {1}", name, reason),
      none: () => l10n.t('the service holds no token for it.'),
      done: (name) => l10n.t('Copied the token of {0} to the clipboard', name),
    },
  },
  read: (client, ref, signal) => client.getEndpoint(wsId(ref), numId(ref), { signal }),
  listItems: (client, ws, page, signal) => client.listEndpoints(ws, page, { signal }),
  entry: REQUEST,
  list: (client, ref, query, signal) => client.listEndpointRequests(wsId(ref), numId(ref), query, { signal }),
  // What is served cannot fail unseen the way a schedule can: the Failures view leaves requests out.
  scannedForFailures: false,
  probe: { expand: [], hover: ['endpointTypes'] },
  icon: (v) => ['globe', v.data.active === false ? 'disabledForeground' : undefined],
  description: (v) =>
    joinParts(
      v.filterText,
      endpointTypeName(v.data.type, v.facts.endpointTypes),
      v.data.active === undefined ? undefined : v.data.active ? l10n.t('active') : l10n.t('inactive'),
    ),
  flags: (v) => [v.data.active === true && 'active', v.data.active === false && 'inactive'],
  capabilities: (v) => [
    !v.busy && v.data.active !== true && 'canEnable',
    !v.busy && v.data.active !== false && 'canDisable',
    !!v.data.token && 'canCopyToken',
    pinCapability(v),
  ],
};

/** The path and query of a request URL, shortened for a description. */
function shortUrl(url: string | null | undefined): string {
  if (!url) return '';
  let text = url;
  try {
    const u = new URL(url);
    text = u.pathname + u.search;
  } catch {
    // Not absolute: show it as sent.
  }
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
