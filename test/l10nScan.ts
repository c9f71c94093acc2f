// Finds text meant for people that bypasses localization: string and template literals in the
// places a person reads them (messages, confirmations, progress, tree items, quick picks, input
// boxes, tooltips, status bar, errors thrown at people, panel labels) that are not the message of
// an `l10n.t(…)` call, and any other literal that reads as prose. Also finds `l10n.t(…)` run while
// a module loads: that happens before the extension has told @vscode/l10n the user's language.
//
// Plain TypeScript compiler API over the source text; used by test/unit/l10n.test.ts over src/ and
// media/src, and on fixtures that prove it catches what it should.
import ts from 'typescript';

export interface Finding {
  file: string;
  line: number;
  text: string;
  why: string;
  /** Where the literal is in the source (offsets). */
  start: number;
  end: number;
}

/** Calls whose text arguments a person reads. */
const TEXT_CALLS = new Set([
  'showInformationMessage',
  'showWarningMessage',
  'showErrorMessage',
  'setStatusBarMessage',
  'showQuickPick',
  'createInputBox',
  'createQuickPick',
  // The prompter (commands/prompter.ts): confirm, message, status, input and pick.
  'confirm',
  'message',
  'status',
  'report',
  'appendMarkdown',
  'appendText',
]);

/** Constructors whose text arguments a person reads. */
const TEXT_CONSTRUCTORS = new Set(['TreeItem', 'MarkdownString', 'Error', 'SkyviaError', 'InputError', 'TypeError', 'RangeError']);

/** Properties whose value a person reads (an object literal's or an assignment's). */
const TEXT_PROPERTIES = new Set([
  'label',
  'description',
  'detail',
  'tooltip',
  'title',
  'prompt',
  'placeHolder',
  'placeholder',
  'message',
  'validationMessage',
  'invocationMessage',
  'ariaLabel',
  'accessibilityInformation',
  'text',
  'badge',
  'caption',
  'summary',
  'heading',
  'button',
  'buttons',
  'empty',
  'hint',
]);

/** Properties whose value is code (tokens, ids), however it reads. */
const CODE_PROPERTIES = new Set([
  'contextValue',
  'id',
  'command',
  'scheme',
  'viewType',
  'languageId',
  'kind',
  'state',
  'type',
  'name',
  'key',
  'class',
  'className',
  'role',
  'variant',
  'slot',
]);

/** Calls whose arguments are for the log or the developer, never shown as UI. */
const QUIET_CALLS = /^(info|warn|error|debug|trace|appendLine|append|log|assert|fail|equal|deepEqual|match|ok)$/;

/** A codicon (`$(sync~spin)`), a separator, punctuation, a number: nothing to translate. */
const NOT_WORDS = /^(\s*\$\([\w~.-]+\)\s*)*$|^[^A-Za-z]*$/;

/** Literal text read as prose: two words, or a capitalised word (not a CamelCase name). */
const PROSE = /[A-Za-z]{2,}[,.;:!?…)"'’]*\s+[("'‘“]*[A-Za-z]{2,}|^\s*[A-Z][a-z]{2,}([^A-Za-z]|$)/;

/** In a text position, still code: an identifier, a token, a dotted id, a URL. */
const CODE_TOKEN = /^[a-z][\w.:/-]*$|^\w+:\/\/\S+$/;

/** An escape hatch for text that reads as prose but is not for people (model-facing, a file name): `// l10n-ignore: why`. */
const IGNORE = /l10n-ignore\b/;
/** A whole file that shows nothing to people (a test surface): `// l10n-ignore-file: why`. */
const IGNORE_FILE = /^\/\/ l10n-ignore-file:/m;

export function scan(file: string, source: string): Finding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const findings: Finding[] = [];
  if (IGNORE_FILE.test(source)) return findings;
  const lines = source.split('\n');
  /**
   * Marked on its own line or the line above, or above the statement (in its block), member or
   * property it is part of: however a formatter wraps a long statement, its mark still covers it.
   */
  const ignored = (node: ts.Node): boolean => {
    for (let at: ts.Node | undefined = node; at && !ts.isSourceFile(at); at = at.parent) {
      const line = sf.getLineAndCharacterOfPosition(at.getStart(sf)).line;
      if (IGNORE.test(lines[line] ?? '') || IGNORE.test(lines[line - 1] ?? '')) return true;
      const whole =
        ts.isStatement(at) && (ts.isBlock(at.parent) || ts.isSourceFile(at.parent) || ts.isCaseOrDefaultClause(at.parent) || ts.isModuleBlock(at.parent));
      if (whole || ts.isClassElement(at) || ts.isPropertyAssignment(at)) return false;
    }
    return false;
  };
  const report = (node: ts.Node, why: string) => {
    if (ignored(node)) return;
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    findings.push({ file, line, text: node.getText(sf).slice(0, 100), why, start: node.getStart(sf), end: node.getEnd() });
  };

  /** The literal parts of an expression that would be shown: branches of ?:, ||, ??, +, templates, arrays. */
  const textParts = (node: ts.Expression, out: ts.Node[] = []): ts.Node[] => {
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node)) return textParts(node.expression, out);
    if (ts.isConditionalExpression(node)) {
      textParts(node.whenTrue, out);
      textParts(node.whenFalse, out);
    } else if (
      ts.isBinaryExpression(node) &&
      [ts.SyntaxKind.PlusToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(node.operatorToken.kind)
    ) {
      textParts(node.left, out);
      textParts(node.right, out);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (!NOT_WORDS.test(node.text) && !CODE_TOKEN.test(node.text)) out.push(node);
    } else if (ts.isTemplateExpression(node)) {
      const literal = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
      if (!NOT_WORDS.test(literal)) out.push(node);
      else for (const span of node.templateSpans) textParts(span.expression, out);
    } else if (ts.isArrayLiteralExpression(node)) {
      for (const e of node.elements) if (!ts.isSpreadElement(e)) textParts(e, out);
    } else if (ts.isObjectLiteralExpression(node)) {
      // { label, description } handled where it stands.
    }
    return out;
  };

  const isL10nCall = (node: ts.Node): node is ts.CallExpression =>
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    node.expression.name.text === 't' &&
    /(^|\.)l10n$/.test(node.expression.expression.getText(sf));

  const calleeName = (node: ts.CallExpression | ts.NewExpression): string | undefined => {
    const e = node.expression;
    if (ts.isIdentifier(e)) return e.text;
    if (ts.isPropertyAccessExpression(e)) return e.name.text;
    return undefined;
  };

  /** Literals already reported (a sink inside a sink). */
  const seen = new Set<ts.Node>();
  const flag = (expr: ts.Expression | undefined, why: string) => {
    if (!expr) return;
    for (const part of textParts(expr)) {
      if (seen.has(part)) continue;
      seen.add(part);
      report(part, why);
    }
  };

  /** Inside a function body (run when called), not at module load. */
  const inFunction = (node: ts.Node): boolean => {
    for (let p = node.parent; p; p = p.parent) {
      if (ts.isFunctionLike(p) && !ts.isTypeNode(p)) return true;
      if (ts.isClassStaticBlockDeclaration(p)) return false;
      if (ts.isPropertyDeclaration(p)) {
        // An instance field's initializer runs at construction; a static one at load.
        return !(p.modifiers ?? []).some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
      }
    }
    return false;
  };

  /** Contexts where a literal is code, not text: keys, imports, comparisons, types, quiet calls, l10n.t itself. */
  const codeContext = (node: ts.Node): boolean => {
    for (let child: ts.Node = node, p = node.parent; p; child = p, p = p.parent) {
      if (isL10nCall(p)) return p.arguments[0] === child;
      if (ts.isImportDeclaration(p) || ts.isExportDeclaration(p) || ts.isImportEqualsDeclaration(p) || ts.isExternalModuleReference(p)) return true;
      if (ts.isLiteralTypeNode(p) || ts.isTypeNode(p)) return true;
      if (ts.isPropertyAssignment(p) && p.name === child) return true;
      if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && CODE_PROPERTIES.has(p.name.text)) return true;
      if (
        ts.isBinaryExpression(p) &&
        p.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        ts.isPropertyAccessExpression(p.left) &&
        CODE_PROPERTIES.has(p.left.name.text)
      )
        return true;
      if (ts.isElementAccessExpression(p) && p.argumentExpression === child) return true;
      if (ts.isCaseClause(p) && p.expression === child) return true;
      if (
        ts.isBinaryExpression(p) &&
        [
          ts.SyntaxKind.EqualsEqualsEqualsToken,
          ts.SyntaxKind.ExclamationEqualsEqualsToken,
          ts.SyntaxKind.EqualsEqualsToken,
          ts.SyntaxKind.ExclamationEqualsToken,
          ts.SyntaxKind.InKeyword,
        ].includes(p.operatorToken.kind)
      )
        return true;
      if ((ts.isCallExpression(p) || ts.isNewExpression(p)) && p.expression !== child) {
        const name = calleeName(p);
        if (name && QUIET_CALLS.test(name)) return true;
        if (name === 'RegExp') return true;
      }
      if (ts.isTaggedTemplateExpression(p)) return true;
    }
    return false;
  };

  const visit = (node: ts.Node) => {
    if (isL10nCall(node)) {
      const first = node.arguments[0];
      if (first && !ts.isStringLiteral(first) && !ts.isNoSubstitutionTemplateLiteral(first) && !ts.isObjectLiteralExpression(first)) {
        report(first, 'l10n.t takes its message as a literal (or {message, comment}), so the bundle can be generated');
      }
      if (!inFunction(node)) report(node, 'l10n.t run while the module loads: the language is not known yet; translate when shown');
      node.arguments.slice(1).forEach(visit);
      return;
    }
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const name = calleeName(node);
      const sink = ts.isCallExpression(node) ? name && TEXT_CALLS.has(name) : name && TEXT_CONSTRUCTORS.has(name);
      if (sink) for (const a of node.arguments ?? []) flag(a, `shown by ${name}()`);
    } else if (ts.isPropertyAssignment(node) && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) && TEXT_PROPERTIES.has(node.name.text)) {
      flag(node.initializer, `shown as ${node.name.text}`);
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      TEXT_PROPERTIES.has(node.left.name.text)
    ) {
      flag(node.right, `shown as ${node.left.name.text}`);
    } else if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) && !seen.has(node)) {
      // A placeholder reads as a word: `${n} rows` is prose as much as 'two rows'.
      const text = ts.isTemplateExpression(node) ? [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' Xx ') : node.text;
      // A template reads as prose only if a word of its own stands apart (not `ws:${id}`, `${x}px`).
      const ownWords =
        !ts.isTemplateExpression(node) ||
        /\s[A-Za-z]{3,}|[A-Za-z]{3,}\s/.test([node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('\u0000'));
      if (ownWords && PROSE.test(text) && !CODE_TOKEN.test(text) && !codeContext(node)) {
        seen.add(node);
        report(node, 'reads as prose');
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return findings.sort((a, b) => a.line - b.line);
}
