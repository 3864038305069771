import { describe, expect, it } from 'vitest';
import { criticalCss } from './critical-css';

/** The shell's markup in a document of its own, in one colour scheme. */
function shellDocument(body: string, scheme = 'light'): Document {
  const doc = document.implementation.createHTMLDocument();
  doc.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  doc.body.innerHTML = body;
  return doc;
}

const SHELL = '<header class="bar"><a class="brand" href="/">Portal</a></header><button class="btn">Go</button>';

describe('criticalCss', () => {
  it('keeps the rules that match the shell and drops the others', () => {
    const css = '.bar{padding:4px}.table{border:1px solid}.btn,.menu{color:red}';
    expect(criticalCss(css, [shellDocument(SHELL)])).toBe('.bar{padding:4px}.btn,.menu{color:red}');
  });

  it('judges a rule by the elements it styles in any state, hover or focus, before or after', () => {
    const css = '.btn:hover{color:blue}.brand:focus-visible::after{outline:1px}.table:hover{color:green}';
    expect(criticalCss(css, [shellDocument(SHELL)])).toBe(
      '.btn:hover{color:blue}.brand:focus-visible::after{outline:1px}',
    );
  });

  it('keeps media and other grouping rules around what they hold, and only then', () => {
    const css = '@media (min-width:48em){.bar{padding:8px}.table{margin:0}}@media print{.table{display:none}}';
    expect(criticalCss(css, [shellDocument(SHELL)])).toBe('@media (min-width:48em){.bar{padding:8px}}');
  });

  it('keeps the rules of either colour scheme', () => {
    const css =
      "[data-mantine-color-scheme='dark'] .btn{color:white}[data-mantine-color-scheme='light'] .btn{color:black}";
    const documents = [shellDocument(SHELL, 'light'), shellDocument(SHELL, 'dark')];
    expect(criticalCss(css, documents)).toBe(css);
    expect(criticalCss(css, [shellDocument(SHELL, 'light')])).toBe(
      "[data-mantine-color-scheme='light'] .btn{color:black}",
    );
  });

  it('drops animations, which a picture never runs', () => {
    expect(criticalCss('@keyframes spin{from{rotate:0}to{rotate:1turn}}.btn{color:red}', [shellDocument(SHELL)])).toBe(
      '.btn{color:red}',
    );
  });

  it('keeps a rule whose selector the DOM cannot test, rather than guess', () => {
    expect(criticalCss('.btn:unknown-state(x){color:red}', [shellDocument(SHELL)])).toBe(
      '.btn:unknown-state(x){color:red}',
    );
  });

  it('reads strings and comments without mistaking their braces for blocks', () => {
    const css = '/* a { comment } */.btn::before{content:"{"}.table{content:"}"}';
    expect(criticalCss(css, [shellDocument(SHELL)])).toBe('.btn::before{content:"{"}');
  });

  it('keeps only the custom properties that kept rules or the markup read, through other properties too', () => {
    const css =
      ':root{--unused:1px;--gap:var(--base);--base:4px;--from-markup:red;--color:blue}' +
      '.bar{padding:var(--gap)}.btn{color:var(--color)}.table{margin:var(--unused)}';
    const markup = '<i style="color:var(--from-markup)"></i>';
    expect(criticalCss(css, [shellDocument(SHELL)], markup)).toBe(
      ':root{--gap:var(--base);--base:4px;--from-markup:red;--color:blue}.bar{padding:var(--gap)}.btn{color:var(--color)}',
    );
  });
});
