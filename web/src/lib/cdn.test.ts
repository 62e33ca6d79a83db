import { describe, expect, it } from 'vitest';
import { chooseImageCDN, imageUrl } from './cdn';

describe('image CDN (A-051)', () => {
  it('picks one of the list at random and prefixes server paths', () => {
    chooseImageCDN(['https://a.example/', 'https://b.example'], () => 0.99);
    expect(imageUrl('/icons/games/PG_0001.svg')).toBe('https://b.example/icons/games/PG_0001.svg');
    chooseImageCDN(['https://a.example/', 'https://b.example'], () => 0);
    expect(imageUrl('/icons/games/PG_0001.svg')).toBe('https://a.example/icons/games/PG_0001.svg');
  });

  it('keeps this server for an empty entry and ignores unsafe ones', () => {
    chooseImageCDN([''], () => 0);
    expect(imageUrl('/x.svg')).toBe('/x.svg');
    chooseImageCDN(['javascript:alert(1)', 'http://plain.example'], () => 0);
    expect(imageUrl('/x.svg')).toBe('/x.svg');
    expect(imageUrl('https://elsewhere.example/y.png')).toBe('https://elsewhere.example/y.png');
  });
});
