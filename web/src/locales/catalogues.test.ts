import { describe, expect, it } from 'vitest';
import en from './en.json';

type Tree = { [k: string]: string | Tree };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keysOf(v, `${prefix}${k}.`)));
}

function placeholders(s: string): string[] {
  return (s.match(/\{\{\w+\}\}/g) ?? []).sort();
}

function lookup(tree: Tree, key: string): string {
  return key.split('.').reduce<Tree | string>((t, k) => (t as Tree)[k], tree) as string;
}

const catalogues = import.meta.glob<{ default: Tree }>('./*.json', { eager: true });
const english = keysOf(en as Tree).sort();

// Every language the switcher offers (internal/merchant/language.go) has a
// complete catalogue: real translations, not copies of English (B-108).
const required = [
  'km', 'cn', 'tw', 'th', 'vi', 'id', 'ms', 'ja', 'ko', 'lo', 'my', 'tl', 'ty', 'hi', 'bn', 'ta', 'ne',
  'ur', 'ar', 'fa', 'tr', 'ru', 'uk', 'es', 'pt', 'pt-br', 'fr', 'de', 'it', 'nl', 'pl', 'sv', 'si', 'te',
];

describe('language catalogues', () => {
  it.each(required)('%s exists', (code) => expect(catalogues[`./${code}.json`]).toBeDefined());

  for (const [path, mod] of Object.entries(catalogues)) {
    if (path === './en.json') continue;
    const tree = mod.default;
    it(`${path} has exactly the English keys`, () => expect(keysOf(tree).sort()).toEqual(english));
    it(`${path} keeps every placeholder`, () => {
      for (const key of english) expect(placeholders(lookup(tree, key)), key).toEqual(placeholders(lookup(en as Tree, key)));
    });
    it(`${path} is translated, not copied`, () => {
      const same = english.filter((k) => lookup(tree, k) === lookup(en as Tree, k) && /[a-z]{4,}/.test(lookup(en as Tree, k)));
      expect(same.length, same.join(', ')).toBeLessThan(english.length / 10);
    });
  }
});
