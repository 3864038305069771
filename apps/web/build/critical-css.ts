import postcss, { type Container, type Root } from 'postcss';

/**
 * The CSS the shell needs, cut from the built stylesheets: the rules whose selectors match an
 * element of the shell, inside the at-rules that hold them, and only the custom properties those
 * rules (or the markup's inline styles) read. The whole stylesheet still arrives for React's page;
 * this is what lets the first paint skip waiting for it. PostCSS reads and writes the CSS; a
 * selector the DOM cannot test is kept rather than dropped blindly.
 */

/** At-rules whose block holds rules (dropped once nothing inside is kept). */
const GROUPING_AT_RULE = /^(media|supports|container|layer|scope|document)$/i;
/** At-rules a still picture never needs. */
const DROPPED_AT_RULE = /^(-webkit-)?keyframes$/i;

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

function matchesSomewhere(selectors: string[], documents: Document[]): boolean {
  return selectors.some((selector) => {
    const testable = testableSelector(selector);
    try {
      return documents.some((document) => document.querySelector(testable) !== null);
    } catch {
      // A selector the DOM implementation cannot read: keep the rule rather than guess.
      return true;
    }
  });
}

/** Removes the rules and grouping at-rules left without declarations or rules, innermost first. */
function dropEmpty(container: Container): void {
  container.each((node) => {
    if (node.type === 'rule') {
      if (node.nodes.length === 0) node.remove();
    } else if (node.type === 'atrule' && GROUPING_AT_RULE.test(node.name) && node.nodes) {
      dropEmpty(node);
      if (node.nodes.length === 0) node.remove();
    }
  });
}

const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;

function referencedVariables(text: string): string[] {
  return [...text.matchAll(VAR_REFERENCE)].map((match) => match[1]!);
}

/**
 * Drops the custom properties nobody reads. Mantine declares some thousand of them on :root; the
 * shell reads a few dozen, directly or through other variables.
 */
function pruneVariables(root: Root, alsoReferencedBy: string): void {
  const definitions = new Map<string, string[]>();
  const needed = new Set<string>(referencedVariables(alsoReferencedBy));
  root.walkDecls((declaration) => {
    if (declaration.variable) {
      definitions.set(declaration.prop, [...(definitions.get(declaration.prop) ?? []), declaration.value]);
    } else {
      referencedVariables(declaration.value).forEach((variable) => needed.add(variable));
    }
  });
  // A variable read by a needed one is needed too.
  const queue = [...needed];
  while (queue.length > 0) {
    for (const value of definitions.get(queue.pop()!) ?? []) {
      for (const variable of referencedVariables(value)) {
        if (!needed.has(variable)) {
          needed.add(variable);
          queue.push(variable);
        }
      }
    }
  }
  root.walkDecls((declaration) => {
    if (declaration.variable && !needed.has(declaration.prop)) declaration.remove();
  });
}

/**
 * The rules of `css` that the shell needs: those matching an element of one of `documents` (the
 * shell in each colour scheme). `alsoReferencedBy` is other text whose `var(--x)` references
 * count, such as the markup's inline styles.
 */
export function criticalCss(css: string, documents: Document[], alsoReferencedBy = ''): string {
  const root = postcss.parse(css);
  root.walkComments((comment) => {
    comment.remove();
  });
  root.walkAtRules(DROPPED_AT_RULE, (atRule) => {
    atRule.remove();
  });
  root.walkRules((rule) => {
    if (!matchesSomewhere(rule.selectors, documents)) rule.remove();
  });
  dropEmpty(root);
  pruneVariables(root, alsoReferencedBy);
  dropEmpty(root);
  return root.toString();
}
