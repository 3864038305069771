// Writes the page shell into the built index.html (docs/decisions/017-login-shell.md).
// Run by shell-plugin.ts in a process of its own, because the app's modules expect a browser:
// they get a jsdom window here, which never leaks into Vite's own process.
//   node render-shell.mjs <shell bundle> <dist directory>
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';

const [bundlePath, distDir] = process.argv.slice(2);
if (!bundlePath || !distDir) throw new Error('usage: node render-shell.mjs <shell bundle> <dist directory>');

// The browser globals the app's modules and Mantine read while they load and draw.
const { window } = new JSDOM('<!doctype html><html><head></head><body></body></html>', { url: 'http://localhost/' });
window.matchMedia = (query) => ({
  matches: false,
  media: query,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
});
for (const name of ['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage', 'matchMedia']) {
  Object.defineProperty(globalThis, name, { value: window[name], configurable: true, writable: true });
}

// The app's scripts as Vite wrote them into index.html: the boot script loads them instead.
const indexPath = path.join(distDir, 'index.html');
let indexHtml = await readFile(indexPath, 'utf8');
const scriptTags = [...indexHtml.matchAll(/<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>\s*/g)];
const preloadTags = [...indexHtml.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>\s*/g)];
if (scriptTags.length === 0) throw new Error('index.html loads no module script');
for (const [tag] of [...scriptTags, ...preloadTags]) indexHtml = indexHtml.replace(tag, '');

const shell = await import(pathToFileURL(bundlePath).href);
const { views, documents, bootScript, ids } = await shell.renderShell({
  scripts: scriptTags.map(([, src]) => src),
  modulePreloads: preloadTags.map(([, href]) => href),
});

// Mantine's provider writes its <style> blocks into each view; they go to the head, once. React
// writes a page's <title> where the page stands; the page sets its own title when it runs.
const providerCss = new Set();
const viewMarkup = Object.fromEntries(
  Object.entries(views).map(([name, markup]) => {
    const holder = window.document.createElement('div');
    holder.innerHTML = markup;
    for (const style of holder.querySelectorAll('style')) {
      providerCss.add(style.textContent);
      style.remove();
    }
    holder.querySelectorAll('title, meta, link').forEach((element) => element.remove());
    return [name, `<div data-shell-view="${name}">${holder.innerHTML}</div>`];
  }),
);
const provider = [...providerCss].join('');

// The stylesheets the built page links (the entry's) and those the pages load later: the shell
// takes the rules that match it from all of them, the entry's first, as the app orders them.
const linkedCss = [...indexHtml.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)];
if (linkedCss.length === 0) throw new Error('index.html links no stylesheet');
const linkedFiles = linkedCss.map(([, file]) => file);
const laterFiles = (await readdir(path.join(distDir, 'assets')))
  .map((file) => `assets/${file}`)
  .filter((file) => file.endsWith('.css') && !linkedFiles.includes(file))
  .sort();
const allCss = (
  await Promise.all([...linkedFiles, ...laterFiles].map((file) => readFile(path.join(distDir, file), 'utf8')))
).join('\n');

// The app's stylesheets stop holding up the first paint (media="print" until main.tsx turns them
// on); the shell's CSS follows them in the head, so while both apply, the shell's wins as React's
// would. The boot script runs before the body is parsed.
let template = indexHtml;
for (const [link] of linkedCss) {
  template = template.replace(link, link.replace('<link ', `<link media="print" ${ids.deferredAttribute} `));
}

/** The page with the shell of `names`' views and the CSS they need. */
function pageWith(names) {
  // A picture of the page, not yet something to type into. inert: nothing in it takes the focus
  // or a click; aria-hidden: tools that read the page by its roles and labels (tests too) find
  // only the live page React draws.
  const shellHtml = `<div id="${ids.shell}" inert aria-hidden="true">${names.map((name) => viewMarkup[name]).join('')}</div>`;
  // The shell in each colour scheme: a rule either scheme needs is kept.
  const schemes = ['light', 'dark'].map(
    (scheme) =>
      new JSDOM(
        `<!doctype html><html data-mantine-color-scheme="${scheme}"><body>${shellHtml}<div id="root"></div></body></html>`,
      ).window.document,
  );
  // Only the view that the boot script picks shows (html[data-shell]); with none, nothing does.
  const viewSwitch =
    '[data-shell-view]{display:none}' +
    names.map((name) => `html[data-shell=${name}] [data-shell-view=${name}]`).join(',') +
    '{display:block}';
  const css = shell.criticalCss(allCss, schemes, shellHtml + provider) + provider + viewSwitch;
  const html = template
    .replace('</head>', `  <style id="${ids.style}">${css}</style>\n    <script>${bootScript}</script>\n  </head>`)
    .replace('<div id="root"></div>', `${shellHtml}\n    <div id="root"></div>`);
  return { html, css, shellHtml };
}

// Each document with its views; the server sends the one whose addresses match the request
// (page-shells.json), else index.html.
const served = [];
for (const page of documents) {
  const { html, css, shellHtml } = pageWith(page.views);
  await mkdir(path.dirname(path.join(distDir, page.file)), { recursive: true });
  await writeFile(path.join(distDir, page.file), html);
  if (page.pattern) served.push({ pattern: page.pattern, file: page.file });
  console.log(
    `page shell ${page.file}: ${page.views.join(', ')}; ${(css.length / 1024).toFixed(1)} kB of CSS, ` +
      `${(shellHtml.length / 1024).toFixed(1)} kB of markup`,
  );
}
await writeFile(path.join(distDir, ids.documentsFile), `${JSON.stringify(served, null, 2)}\n`);
// The app's timers (the query cache keeps answers for minutes) would hold the process open.
process.exit(0);
