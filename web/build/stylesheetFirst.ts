import type { Plugin } from 'vite';

// moveStylesheetsFirst puts the page's stylesheets ahead of its first module
// script (and so ahead of the module preloads after it). The stylesheet
// blocks the first paint (index.html's static cover); behind twenty
// preloads it arrived after most of the JavaScript on a slow line.
export function moveStylesheetsFirst(html: string): string {
  const sheets = html.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? [];
  let rest = html;
  for (const s of sheets) rest = rest.replace(s, '');
  const at = rest.search(/[ \t]*<script type="module"/);
  if (sheets.length === 0 || at < 0) return html;
  return rest.slice(0, at) + sheets.map((s) => (s.endsWith('\n') ? s : s + '\n')).join('') + rest.slice(at);
}

/** The build's index.html with its stylesheets first (see moveStylesheetsFirst). */
export function stylesheetFirst(): Plugin {
  return {
    name: 'stylesheet-first',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: moveStylesheetsFirst },
  };
}
