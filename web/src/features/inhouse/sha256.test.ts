import { afterEach, describe, expect, it, vi } from 'vitest';
import { sha256, sha256Hex } from './sha256';

// The rules page's example seed and its published hash.
const seed = '3f1c2a9e8b7d6c5f4e3d2c1b0a99887766554433221100ffeeddccbbaa998877';
const hash = '6cc5c2188cfe01c5dea143bcbfd447bbcd1653ce3582986a4d8db5d2054ade7e';

const hex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, '0')).join('');

afterEach(() => vi.unstubAllGlobals());

describe('sha256', () => {
  it('hashes the seed text as the rules page does', async () => {
    expect(await sha256Hex(seed)).toBe(hash);
  });

  it('has a JavaScript fallback that agrees with WebCrypto', async () => {
    const enc = new TextEncoder();
    expect(hex(sha256(enc.encode('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(sha256(enc.encode('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    for (const s of [seed, 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'ឡាក់ 🎲 seed', 'x'.repeat(1000)]) {
      const b = enc.encode(s);
      const want = hex(new Uint8Array(await crypto.subtle.digest('SHA-256', b)));
      expect(hex(sha256(b)), s.slice(0, 10)).toBe(want);
    }
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    expect(await sha256Hex(seed)).toBe(hash);
  });
});
