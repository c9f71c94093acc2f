// What index.ts decided for this extension host's run, for the suites to read: the suites in the
// order they run. A module of its own, so index.ts can set it before mocha's globals exist.
export const hostRun: { suites: string[] } = { suites: [] };
