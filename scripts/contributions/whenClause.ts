// VS Code's `when` clauses, parsed and evaluated the way VS Code reads them: `&&`, `||`, `!`,
// parentheses, `==`, `!=`, `=~ /regexp/flags`, `<`, `<=`, `>`, `>=`, `in`, `not in`, and a bare key
// (true when its value is truthy). The contributions script parses every clause it writes (a typo
// in a key or a broken regular expression fails the build, not a menu the user never sees), and
// the tests evaluate menus against rows' context values with it, as VS Code would match them.

export type When =
  | { op: 'and' | 'or'; terms: When[] }
  | { op: 'not'; term: When }
  | { op: 'key'; key: string }
  | { op: '==' | '!=' | '<' | '<=' | '>' | '>='; key: string; value: string }
  | { op: '=~'; key: string; regexp: RegExp }
  | { op: 'in' | 'not in'; key: string; list: string }
  | { op: 'const'; value: boolean };

export class WhenError extends Error {}

const TOKEN = /\s*(\(|\)|&&|\|\||==|!=|=~|<=|>=|<|>|!|'[^']*'|"[^"]*"|[^\s()!=<>&|'"]+)/y;

/** Parses a clause; throws a `WhenError` naming what is wrong and where. */
export function parseWhen(text: string): When {
  const tokens: string[] = [];
  let pos = 0;
  while (pos < text.length) {
    if (/^\s*$/.test(text.slice(pos))) break;
    // After `=~` comes a regular expression literal, which may hold any character but an unescaped `/`.
    if (tokens[tokens.length - 1] === '=~') {
      const re = /\s*\/((?:\\.|[^\\/])*)\/([a-z]*)/y;
      re.lastIndex = pos;
      const m = re.exec(text);
      if (!m) throw new WhenError(`"${text}": a regular expression must follow =~ at ${pos}`);
      tokens.push(`/${m[1]}/${m[2]}`);
      pos = re.lastIndex;
      continue;
    }
    TOKEN.lastIndex = pos;
    const m = TOKEN.exec(text);
    if (!m) throw new WhenError(`"${text}": cannot read what is at ${pos}`);
    tokens.push(m[1]);
    pos = TOKEN.lastIndex;
  }
  let i = 0;
  const peek = () => tokens[i];
  const next = () => tokens[i++];
  const fail = (what: string): never => {
    throw new WhenError(`"${text}": ${what}`);
  };

  function or(): When {
    const terms = [and()];
    while (peek() === '||') {
      next();
      terms.push(and());
    }
    return terms.length === 1 ? terms[0] : { op: 'or', terms };
  }
  function and(): When {
    const terms = [unary()];
    while (peek() === '&&') {
      next();
      terms.push(unary());
    }
    return terms.length === 1 ? terms[0] : { op: 'and', terms };
  }
  function unary(): When {
    const t = peek();
    if (t === '!') {
      next();
      return { op: 'not', term: unary() };
    }
    if (t === '(') {
      next();
      const inner = or();
      if (next() !== ')') fail('a parenthesis is not closed');
      return inner;
    }
    return comparison();
  }
  function comparison(): When {
    const key = next();
    if (key === undefined || /^(&&|\|\||\)|==|!=|=~)$/.test(key)) return fail(`a key is missing before "${key ?? 'the end'}"`);
    if (key === 'true' || key === 'false') return { op: 'const', value: key === 'true' };
    const op = peek();
    if (op === '==' || op === '!=' || op === '<' || op === '<=' || op === '>' || op === '>=') {
      next();
      const value = next();
      if (value === undefined || /^(&&|\|\||\))$/.test(value)) return fail(`"${key} ${op}" has no value`);
      return { op, key, value: unquote(value) };
    }
    if (op === '=~') {
      next();
      const literal = next();
      const m = /^\/(.*)\/([a-z]*)$/s.exec(literal ?? '');
      if (!m) return fail(`"${key} =~" has no regular expression`);
      try {
        return { op: '=~', key, regexp: new RegExp(m[1], m[2]) };
      } catch (e) {
        return fail(`the regular expression of ${key} does not compile: ${(e as Error).message}`);
      }
    }
    if (op === 'in' || (op === 'not' && tokens[i + 1] === 'in')) {
      next();
      if (op === 'not') next();
      const list = next();
      if (!list) return fail(`"${key} in" has no list`);
      return { op: op === 'not' ? 'not in' : 'in', key, list };
    }
    return { op: 'key', key };
  }

  const clause = or();
  if (i < tokens.length) fail(`"${tokens[i]}" is left over`);
  return clause;
}

function unquote(v: string): string {
  return /^(['"]).*\1$/.test(v) ? v.slice(1, -1) : v;
}

/** Every key a clause reads. */
export function keysOf(w: When): string[] {
  switch (w.op) {
    case 'and':
    case 'or':
      return w.terms.flatMap(keysOf);
    case 'not':
      return keysOf(w.term);
    case 'const':
      return [];
    case 'in':
    case 'not in':
      return [w.key, w.list];
    default:
      return [w.key];
  }
}

/** Whether a clause holds for these context values (a key not given is undefined, as in VS Code). */
export function evaluate(w: When, context: Record<string, unknown>): boolean {
  const value = (key: string) => context[key];
  switch (w.op) {
    case 'const':
      return w.value;
    case 'and':
      return w.terms.every((t) => evaluate(t, context));
    case 'or':
      return w.terms.some((t) => evaluate(t, context));
    case 'not':
      return !evaluate(w.term, context);
    case 'key':
      return !!value(w.key);
    case '==':
      return String(value(w.key)) === w.value || (w.value === 'true' && value(w.key) === true) || (w.value === 'false' && value(w.key) === false);
    case '!=':
      return !evaluate({ ...w, op: '==' }, context);
    case '=~': {
      const v = value(w.key);
      return typeof v === 'string' && w.regexp.test(v);
    }
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const [a, b] = [Number(value(w.key)), Number(w.value)];
      return { '<': a < b, '<=': a <= b, '>': a > b, '>=': a >= b }[w.op];
    }
    case 'in':
    case 'not in': {
      const list = value(w.list);
      const v = value(w.key);
      const found = Array.isArray(list) ? list.includes(v) : typeof list === 'object' && list !== null && typeof v === 'string' && v in list;
      return w.op === 'in' ? found : !found;
    }
  }
}
