import { moveStylesheetsFirst } from './stylesheetFirst';

const built = `<head>
    <title>Portal</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/a.js">
    <link rel="modulepreload" crossorigin href="/assets/b.js">
    <link rel="stylesheet" crossorigin href="/assets/index.css">
  </head>`;

describe('moveStylesheetsFirst', () => {
  it('puts the stylesheet before the entry script and its preloads', () => {
    const out = moveStylesheetsFirst(built);
    expect(out.indexOf('index.css')).toBeLessThan(out.indexOf('index.js'));
    expect(out.match(/rel="stylesheet"/g)).toHaveLength(1);
    expect(out.match(/modulepreload/g)).toHaveLength(2);
    expect(out).toContain('    <link rel="stylesheet" crossorigin href="/assets/index.css">\n    <script type="module"');
  });

  it('leaves a page without a stylesheet or a module script as it was', () => {
    const plain = '<head><script type="module" src="/x.js"></script></head>';
    expect(moveStylesheetsFirst(plain)).toBe(plain);
    const noScript = '<head><link rel="stylesheet" href="/x.css"></head>';
    expect(moveStylesheetsFirst(noScript)).toBe(noScript);
  });
});
