import { describe, expect, it } from 'vitest';
import { sections } from '../lib/sections';
import { mergeAreas, type Catalogue as Tree } from './catalogue';

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keysOf(v, `${prefix}${k}.`)));
}

function placeholders(s: string): string[] {
  return (s.match(/\{\{\w+\}\}/g) ?? []).sort();
}

function lookup(tree: Tree, key: string): string {
  return key.split('.').reduce<Tree | string>((t, k) => (t as Tree)[k], tree) as string;
}

const files = import.meta.glob<{ default: Tree }>('./*/*.json', { eager: true });
const byLanguage: Record<string, Record<string, { default: Tree }>> = {};
for (const [path, mod] of Object.entries(files)) {
  const [, lang] = path.split('/');
  (byLanguage[lang] ??= {})[path.slice(lang.length + 3)] = mod;
}
const catalogues = Object.fromEntries(Object.entries(byLanguage).map(([lang, areas]) => [`./${lang}.json`, { default: mergeAreas(areas) }]));
const en = catalogues['./en.json'].default;
const english = keysOf(en).sort();

// The back office speaks EN, KM and CN at least (issue 13): complete
// catalogues, real translations, the placeholders kept.
describe('back-office catalogues', () => {
  it.each(['km', 'cn'])('%s exists', (code) => expect(catalogues[`./${code}.json`]).toBeDefined());

  it('has the same area files in every language', () => {
    const areas = Object.keys(byLanguage.en).sort();
    for (const lang of Object.keys(byLanguage)) expect(Object.keys(byLanguage[lang]).sort(), lang).toEqual(areas);
  });

  it('gives each top-level key to one area file only', () => {
    for (const [lang, areas] of Object.entries(byLanguage)) {
      const owner: Record<string, string> = {};
      for (const [area, mod] of Object.entries(areas)) {
        for (const key of Object.keys(mod.default)) {
          expect(owner[key], `${lang}: ${key} in ${owner[key]} and ${area}`).toBeUndefined();
          owner[key] = area;
        }
      }
    }
  });

  for (const [path, mod] of Object.entries(catalogues)) {
    if (path === './en.json') continue;
    const tree = mod.default;
    it(`${path} has exactly the English keys`, () => expect(keysOf(tree).sort()).toEqual(english));
    it(`${path} keeps every placeholder`, () => {
      for (const key of english) expect(placeholders(lookup(tree, key)), key).toEqual(placeholders(lookup(en as Tree, key)));
    });
    it(`${path} is translated, not copied`, () => {
      const same = english.filter((k) => lookup(tree, k) === lookup(en as Tree, k) && /[a-z]{4,}/.test(lookup(en as Tree, k)));
      expect(same, same.join(', ')).toEqual([]);
    });
    it(`${path} has no empty string`, () => {
      for (const key of english) expect(lookup(tree, key).trim(), key).not.toBe('');
    });
  }

  it('names every section, its summary and its panels', () => {
    for (const s of sections) {
      expect(lookup(en as Tree, `sections.${s.id}.title`), s.id).toBeTruthy();
      expect(lookup(en as Tree, `sections.${s.id}.summary`), s.id).toBeTruthy();
      for (const p of s.parts ?? []) expect(lookup(en as Tree, `sections.${s.id}.parts.${p}`), `${s.id}.${p}`).toBeTruthy();
    }
  });
});
