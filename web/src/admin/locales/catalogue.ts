/** Catalogue is one language's strings: nested objects of strings. */
export type Catalogue = { [key: string]: string | Catalogue };

/**
 * mergeAreas joins one language's area files (locales/<lang>/<area>.json)
 * into one catalogue. Each area owns its top-level keys, so screens added
 * in parallel never edit the same file; a key claimed twice is a mistake
 * the catalogue test reports, and here the later file would win.
 */
export function mergeAreas(files: Record<string, { default: Catalogue }>): Catalogue {
  const out: Catalogue = {};
  for (const path of Object.keys(files).sort()) Object.assign(out, files[path].default);
  return out;
}
