// An int64-safe JSON writer.
//
// Automation execution ids are above 2^53; JSON.stringify cannot write a bigint, and turning it
// into a number would round it (9007199254740993 becomes …992). The real service writes raw JSON
// numbers, so we do too: a bigint is written as its exact decimal digits, unquoted.

export function toJson(value: unknown): string {
  return write(value);
}

function write(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return JSON.stringify(v);
    case 'number':
      return Number.isFinite(v) ? String(v) : 'null';
    case 'bigint':
      return v.toString();
    case 'boolean':
      return v ? 'true' : 'false';
    case 'object': {
      if (v === null) return 'null';
      if (Array.isArray(v)) {
        let out = '[';
        for (let i = 0; i < v.length; i++) {
          if (i > 0) out += ',';
          const item: unknown = v[i];
          // As JSON.stringify: array holes and functions become null.
          out += item === undefined || typeof item === 'function' ? 'null' : write(item);
        }
        return out + ']';
      }
      let out = '{';
      let first = true;
      for (const [key, item] of Object.entries(v)) {
        // As JSON.stringify: undefined members are omitted, which is how optional fields vanish.
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
        out += (first ? '' : ',') + JSON.stringify(key) + ':' + write(item);
        first = false;
      }
      return out + '}';
    }
    default:
      return 'null';
  }
}
