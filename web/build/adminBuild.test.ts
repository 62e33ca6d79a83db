// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { adminLeaks, adminSource, htmlReferences, type BundleFile } from './adminEntry';

const root = fileURLToPath(new URL('..', import.meta.url));

// buildApp runs the real production build (vite.config.ts, both pages) in
// memory and answers its files by name.
async function buildApp(plugins: Plugin[] = []): Promise<Record<string, BundleFile>> {
  const out = (await build({ root, configFile: `${root}vite.config.ts`, logLevel: 'silent', plugins, build: { write: false } })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const outputs = Array.isArray(out) ? out : [out];
  return Object.fromEntries(outputs.flatMap((o) => o.output).map((f) => [f.fileName, f as unknown as BundleFile]));
}

function text(f: BundleFile | undefined): string {
  if (f?.type !== 'asset') throw new Error('no such page');
  return typeof f.source === 'string' ? f.source : new TextDecoder().decode(f.source);
}

// The back office is a second entry whose code the player site never loads
// (docs: architecture, issue 13): the built index.html names no file that
// holds a module of src/admin/, nor does any chunk its routes load later.
describe('production build', () => {
  it('keeps back-office code out of the player page and its routes', async () => {
    const files = await buildApp();
    expect(adminLeaks(files)).toEqual([]);

    const player = htmlReferences(text(files['index.html']));
    expect(player.length).toBeGreaterThan(1);
    for (const ref of player) {
      const f = files[ref];
      expect(f, ref).toBeDefined();
      if (f.type === 'chunk') expect(f.moduleIds.filter((id) => adminSource.test(id)), ref).toEqual([]);
      expect(ref).not.toMatch(/(^|\/)admin[-.]/);
    }

    // The back office's page is built too, and loads its own entry.
    const admin = htmlReferences(text(files['admin.html']));
    const entry = files[admin.find((r) => r.endsWith('.js'))!];
    expect(entry.type === 'chunk' && entry.moduleIds.some((id) => /src[\\/]admin[\\/]main\.tsx$/.test(id))).toBe(true);
  }, 60_000);

  it('fails when the player site imports back-office code', async () => {
    // A stray import of the back office from the player's start-up.
    const stray: Plugin = {
      name: 'stray-admin-import',
      transform(code, id) {
        if (/src[\\/]main\.tsx$/.test(id)) return `${code}\nimport('./admin/lib/sections').then((m) => console.log(m.sections));\n`;
        return null;
      },
    };
    await expect(buildApp([stray])).rejects.toThrow(/back-office code in the player site/);
  }, 60_000);
});
