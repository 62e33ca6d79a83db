import type { Plugin } from 'vite';

// The back office (src/admin/, admin.html) is a second entry of the same
// build. Two things keep it apart from the player site: the player code
// never imports src/admin/ (the guard below fails the build if a module of
// it lands in any chunk the player entry can reach, statically or lazily,
// or in a file index.html names), and the server serves admin.html only
// under /admin (internal/httpapi/spa.go).

/** adminSource tells a module of the back office by its path. */
export const adminSource = /[\\/]src[\\/]admin[\\/]/;

/** BundleFile is the part of a build output file the guard reads. */
export type BundleFile =
  | { type: 'chunk'; fileName: string; name: string; isEntry: boolean; facadeModuleId: string | null; imports: string[]; dynamicImports: string[]; moduleIds: string[] }
  | { type: 'asset'; fileName: string; source: string | Uint8Array };

function isPlayerEntry(f: BundleFile): boolean {
  return f.type === 'chunk' && f.isEntry && (f.facadeModuleId?.endsWith('/index.html') || f.name === 'index');
}

/** playerReach is every chunk the player entry loads, now or later. */
export function playerReach(bundle: Record<string, BundleFile>): Set<string> {
  const seen = new Set<string>();
  const queue = Object.values(bundle)
    .filter(isPlayerEntry)
    .map((f) => f.fileName);
  while (queue.length) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const f = bundle[name];
    if (f?.type === 'chunk') queue.push(...f.imports, ...f.dynamicImports);
  }
  return seen;
}

/** htmlReferences are the files a built page names: scripts, module
 * preloads and stylesheets. */
export function htmlReferences(html: string): string[] {
  const refs: string[] = [];
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/g)) refs.push(m[1].replace(/^\.?\//, '').split(/[?#]/)[0]);
  return refs;
}

/** adminLeaks lists every way the back office reaches the player site in a
 * build output: an admin module in a chunk the player entry reaches, or a
 * file index.html names that holds an admin module or is an admin chunk. */
export function adminLeaks(bundle: Record<string, BundleFile>): string[] {
  const leaks: string[] = [];
  const adminChunks = new Set(
    Object.values(bundle)
      .filter((f) => f.type === 'chunk' && f.moduleIds.some((id) => adminSource.test(id)))
      .map((f) => f.fileName),
  );
  if (!Object.values(bundle).some(isPlayerEntry)) leaks.push('no player entry (index.html) in the build');
  for (const name of playerReach(bundle)) {
    if (adminChunks.has(name)) leaks.push(`player entry reaches ${name}, which holds back-office modules`);
  }
  const page = bundle['index.html'];
  if (page?.type === 'asset') {
    const html = typeof page.source === 'string' ? page.source : new TextDecoder().decode(page.source);
    for (const ref of htmlReferences(html)) {
      if (adminChunks.has(ref) || /(^|\/)admin[-.]/.test(ref)) leaks.push(`index.html names ${ref}, a back-office file`);
    }
  }
  return leaks;
}

/** playerEntryGuard fails the build when back-office code would ship with
 * the player site (see adminLeaks). */
export function playerEntryGuard(): Plugin {
  return {
    name: 'player-entry-guard',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const leaks = adminLeaks(bundle as unknown as Record<string, BundleFile>);
        if (leaks.length) this.error(`back-office code in the player site:\n  ${leaks.join('\n  ')}`);
      },
    },
  };
}

/** isAdminPage tells a back-office page address (not its API) in dev. */
export function isAdminPage(url: string): boolean {
  const path = url.split(/[?#]/)[0];
  return (path === '/admin' || path.startsWith('/admin/')) && !(path === '/admin/api' || path.startsWith('/admin/api/'));
}

/** adminDevPage makes the dev and preview servers answer /admin and its
 * history routes with admin.html, as the Go server does. */
export function adminDevPage(): Plugin {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    if (req.url && isAdminPage(req.url) && !/\.\w+$/.test(req.url.split('?')[0])) req.url = '/admin.html';
    next();
  };
  return {
    name: 'admin-dev-page',
    configureServer(server) {
      server.middlewares.use(rewrite);
    },
    configurePreviewServer(server) {
      server.middlewares.use(rewrite);
    },
  };
}
