import { describe, expect, it } from 'vitest';
import { adminLeaks, htmlReferences, isAdminPage, playerReach, type BundleFile } from './adminEntry';

const chunk = (fileName: string, moduleIds: string[], more: Partial<Extract<BundleFile, { type: 'chunk' }>> = {}): BundleFile => ({
  type: 'chunk',
  fileName,
  name: fileName.replace(/^assets\/|-.*$/g, ''),
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  dynamicImports: [],
  moduleIds,
  ...more,
});
const page = (fileName: string, source: string): BundleFile => ({ type: 'asset', fileName, source });

function bundle(...files: BundleFile[]): Record<string, BundleFile> {
  return Object.fromEntries(files.map((f) => [f.fileName, f]));
}

const playerEntry = (more: Partial<Extract<BundleFile, { type: 'chunk' }>> = {}) =>
  chunk('assets/index-1.js', ['/w/src/main.tsx'], { isEntry: true, facadeModuleId: '/w/index.html', imports: ['assets/base-1.js'], dynamicImports: ['assets/Home-1.js'], ...more });
const adminEntry = chunk('assets/admin-1.js', ['/w/src/admin/main.tsx', '/w/src/admin/AdminApp.tsx'], { isEntry: true, facadeModuleId: '/w/admin.html', imports: ['assets/base-1.js'] });
const shared = chunk('assets/base-1.js', ['/w/node_modules/react/index.js']);
const home = chunk('assets/Home-1.js', ['/w/src/features/lobby/Home.tsx']);
const cleanHtml = '<script type="module" src="/assets/index-1.js"></script><link rel="modulepreload" href="/assets/base-1.js">';

describe('adminLeaks', () => {
  it('passes a build whose player entry reaches no back-office module', () => {
    expect(adminLeaks(bundle(playerEntry(), adminEntry, shared, home, page('index.html', cleanHtml)))).toEqual([]);
  });

  it('finds a back-office module in a chunk the player entry preloads', () => {
    const leaky = chunk('assets/base-1.js', ['/w/node_modules/react/index.js', '/w/src/admin/lib/api.ts']);
    expect(adminLeaks(bundle(playerEntry(), adminEntry, leaky, home, page('index.html', cleanHtml)))).toEqual([
      'player entry reaches assets/base-1.js, which holds back-office modules',
      'index.html names assets/base-1.js, a back-office file',
    ]);
  });

  it('finds a back-office module behind a lazy route of the player site', () => {
    const lazy = chunk('assets/Home-1.js', ['/w/src/features/lobby/Home.tsx'], { dynamicImports: ['assets/audit-1.js'] });
    const audit = chunk('assets/audit-1.js', ['/w/src/admin/audit/AuditPage.tsx']);
    expect(adminLeaks(bundle(playerEntry(), adminEntry, shared, lazy, audit, page('index.html', cleanHtml)))).toEqual([
      'player entry reaches assets/audit-1.js, which holds back-office modules',
    ]);
  });

  it('finds the admin entry named by index.html', () => {
    const html = cleanHtml + '<link rel="modulepreload" crossorigin href="/assets/admin-1.js">';
    expect(adminLeaks(bundle(playerEntry(), adminEntry, shared, home, page('index.html', html)))).toEqual(['index.html names assets/admin-1.js, a back-office file']);
  });

  it('refuses a build without the player entry rather than passing it', () => {
    expect(adminLeaks(bundle(adminEntry, shared))).toEqual(['no player entry (index.html) in the build']);
  });

  it('follows imports through cycles once', () => {
    const a = playerEntry({ imports: ['assets/base-1.js'], dynamicImports: [] });
    const b = chunk('assets/base-1.js', [], { imports: ['assets/index-1.js'] });
    expect([...playerReach(bundle(a, b))].sort()).toEqual(['assets/base-1.js', 'assets/index-1.js']);
  });
});

describe('htmlReferences', () => {
  it('reads scripts, preloads and stylesheets', () => {
    const html = '<script type="module" crossorigin src="/assets/a.js"></script><link rel="modulepreload" crossorigin href="/assets/b.js"><link rel="stylesheet" href="./assets/c.css?v=1">';
    expect(htmlReferences(html)).toEqual(['assets/a.js', 'assets/b.js', 'assets/c.css']);
  });
});

describe('isAdminPage', () => {
  it.each([
    ['/admin', true],
    ['/admin/', true],
    ['/admin/audit?x=1', true],
    ['/admin/api/me', false],
    ['/admin/api', false],
    ['/administrator', false],
    ['/', false],
  ])('%s: %s', (url, want) => expect(isAdminPage(url)).toBe(want));
});
