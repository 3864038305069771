/**
 * The CSS the shell needs, cut from the built stylesheets: the rules whose selectors match an
 * element of the shell, inside the at-rules that hold them, and only the custom properties those
 * rules (or the markup's inline styles) read. The whole stylesheet still arrives for React's page;
 * this is what lets the first paint skip waiting for it.
 *
 * The input is the minified CSS Vite writes, so a small reader of blocks is enough: it knows
 * strings, comments, blocks and at-rules, and nothing it does not understand is dropped blindly
 * (a selector the DOM cannot test is kept).
 */

interface StyleRule {
  kind: 'rule';
  selector: string;
  body: string;
}
interface GroupRule {
  kind: 'group';
  prelude: string;
  rules: CssNode[];
}
interface OtherRule {
  kind: 'other';
  text: string;
}
type CssNode = StyleRule | GroupRule | OtherRule;

/** At-rules whose block holds rules (kept when some rule inside is). */
const GROUPING_AT_RULE = /^@(media|supports|container|layer|scope|document)\b/i;
/** At-rules a still picture never needs. */
const DROPPED_AT_RULE = /^@(-webkit-)?keyframes\b/i;

/** The index just past the end of the string or comment starting at `start`, or `start` itself. */
function skipQuoted(css: string, start: number): number {
  const char = css[start];
  if (char === '"' || char === "'") {
    let i = start + 1;
    while (i < css.length && css[i] !== char) i += css[i] === '\\' ? 2 : 1;
    return i + 1;
  }
  if (char === '/' && css[start + 1] === '*') {
    const end = css.indexOf('*/', start + 2);
    return end < 0 ? css.length : end + 2;
  }
  return start;
}

/** The index of the `}` that closes the block whose `{` is at `open`. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length;) {
    const skipped = skipQuoted(css, i);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    if (css[i] === '{') depth += 1;
    else if (css[i] === '}' && --depth === 0) return i;
    i += 1;
  }
  throw new Error('unbalanced braces in CSS');
}

function parse(css: string): CssNode[] {
  const nodes: CssNode[] = [];
  let start = 0;
  for (let i = 0; i < css.length;) {
    const skipped = skipQuoted(css, i);
    if (skipped !== i) {
      // A comment between rules is dropped; a string belongs to the prelude being read.
      if (css[i] === '/' && css.slice(start, i).trim() === '') start = skipped;
      i = skipped;
      continue;
    }
    if (css[i] === ';' && css.slice(start, i).trim().startsWith('@')) {
      // A statement at-rule (@import, @charset, @layer a, b;).
      nodes.push({ kind: 'other', text: `${css.slice(start, i).trim()};` });
      start = i += 1;
      continue;
    }
    if (css[i] === '{') {
      const prelude = css.slice(start, i).trim();
      const end = blockEnd(css, i);
      const body = css.slice(i + 1, end);
      if (GROUPING_AT_RULE.test(prelude)) nodes.push({ kind: 'group', prelude, rules: parse(body) });
      else if (prelude.startsWith('@')) nodes.push({ kind: 'other', text: `${prelude}{${body}}` });
      else nodes.push({ kind: 'rule', selector: prelude, body });
      start = i = end + 1;
      continue;
    }
    i += 1;
  }
  return nodes;
}

/** Splits on `separator` outside brackets, parentheses and strings. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length;) {
    const skipped = skipQuoted(text, i);
    if (skipped !== i) {
      i = skipped;
      continue;
    }
    const char = text[i];
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
    i += 1;
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * States the picture is never in (hover, focus…) and pseudo-elements are taken off a selector
 * before it is tested: `.a:hover::after` is kept when some element is `.a`.
 */
const PSEUDO_ELEMENT =
  /::?(before|after|placeholder|selection|marker|backdrop|first-line|first-letter|file-selector-button|-webkit-[\w-]+|-moz-[\w-]+|-ms-[\w-]+)(\([^)]*\))?/gi;
const USER_STATE =
  /:(hover|focus-visible|focus-within|focus|active|visited|target|autofill|-webkit-autofill|user-invalid|user-valid)(?![\w-])/gi;

function testableSelector(selector: string): string {
  const stripped = selector.replace(PSEUDO_ELEMENT, '').replace(USER_STATE, '').trim();
  // `.a > :hover` leaves a dangling combinator: any element will do there.
  const completed = /[>+~]$/.test(stripped) ? `${stripped} *` : stripped;
  return completed === '' ? '*' : completed;
}

function matchesSomewhere(selectorList: string, documents: Document[]): boolean {
  return splitTopLevel(selectorList, ',').some((selector) => {
    const testable = testableSelector(selector);
    try {
      return documents.some((document) => document.querySelector(testable) !== null);
    } catch {
      // A selector the DOM implementation cannot read: keep the rule rather than guess.
      return true;
    }
  });
}

function filterRules(nodes: CssNode[], documents: Document[]): CssNode[] {
  const kept: CssNode[] = [];
  for (const node of nodes) {
    if (node.kind === 'rule') {
      if (matchesSomewhere(node.selector, documents)) kept.push(node);
    } else if (node.kind === 'group') {
      const rules = filterRules(node.rules, documents);
      if (rules.length > 0) kept.push({ ...node, rules });
    } else if (!DROPPED_AT_RULE.test(node.text)) {
      kept.push(node);
    }
  }
  return kept;
}

const CUSTOM_PROPERTY = /^\s*(--[\w-]+)\s*:/;
const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;

function referencedVariables(text: string): string[] {
  return [...text.matchAll(VAR_REFERENCE)].map((match) => match[1]!);
}

function eachRule(nodes: CssNode[], visit: (rule: StyleRule) => void): void {
  for (const node of nodes) {
    if (node.kind === 'rule') visit(node);
    else if (node.kind === 'group') eachRule(node.rules, visit);
  }
}

/**
 * Drops the custom properties nobody reads. Mantine declares some thousand of them on :root; the
 * shell reads a few dozen, directly or through other variables.
 */
function pruneVariables(nodes: CssNode[], alsoReferencedBy: string): CssNode[] {
  const definitions = new Map<string, string[]>();
  const needed = new Set<string>(referencedVariables(alsoReferencedBy));
  eachRule(nodes, (rule) => {
    for (const declaration of splitTopLevel(rule.body, ';')) {
      const name = CUSTOM_PROPERTY.exec(declaration)?.[1];
      if (name) definitions.set(name, [...(definitions.get(name) ?? []), declaration]);
      else referencedVariables(declaration).forEach((variable) => needed.add(variable));
    }
  });
  // A variable read by a needed one is needed too.
  const queue = [...needed];
  while (queue.length > 0) {
    for (const declaration of definitions.get(queue.pop()!) ?? []) {
      for (const variable of referencedVariables(declaration.slice(declaration.indexOf(':') + 1))) {
        if (!needed.has(variable)) {
          needed.add(variable);
          queue.push(variable);
        }
      }
    }
  }

  const prune = (list: CssNode[]): CssNode[] =>
    list.flatMap((node): CssNode[] => {
      if (node.kind === 'group') {
        const rules = prune(node.rules);
        return rules.length > 0 ? [{ ...node, rules }] : [];
      }
      if (node.kind !== 'rule') return [node];
      const body = splitTopLevel(node.body, ';')
        .filter((declaration) => {
          const name = CUSTOM_PROPERTY.exec(declaration)?.[1];
          return declaration.trim() !== '' && (!name || needed.has(name));
        })
        .join(';');
      return body === '' ? [] : [{ ...node, body }];
    });
  return prune(nodes);
}

function serialize(nodes: CssNode[]): string {
  return nodes
    .map((node) => {
      if (node.kind === 'rule') return `${node.selector}{${node.body}}`;
      if (node.kind === 'group') return `${node.prelude}{${serialize(node.rules)}}`;
      return node.text;
    })
    .join('');
}

/**
 * The rules of `css` that the shell needs: those matching an element of one of `documents` (the
 * shell in each colour scheme). `alsoReferencedBy` is other text whose `var(--x)` references
 * count, such as the markup's inline styles.
 */
export function criticalCss(css: string, documents: Document[], alsoReferencedBy = ''): string {
  return serialize(pruneVariables(filterRules(parse(css), documents), alsoReferencedBy));
}
