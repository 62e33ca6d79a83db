import { describe, expect, it } from 'vitest';
import { chooseImageCDN, chooseLaunchCDN, imageUrl, launchOrigin, launchUrl } from './cdn';

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

describe('launch CDN (A-051)', () => {
  const seeded = ['https://demo.portal.test', 'https://demo2.portal.test/', 'https://demo3.portal.test'];

  it('frames games from one of the launch hosts, chosen at random', () => {
    chooseLaunchCDN(seeded, 'https:', () => 0);
    expect(launchUrl('/sim/PG/play?token=t')).toBe('https://demo.portal.test/sim/PG/play?token=t');
    expect(launchOrigin('https://demo.portal.test')).toBe('https://demo.portal.test');
    chooseLaunchCDN(seeded, 'https:', () => 0.5);
    expect(launchUrl('/inhouse/slot')).toBe('https://demo2.portal.test/inhouse/slot');
    chooseLaunchCDN(seeded, 'https:', () => 0.99);
    expect(launchOrigin('https://demo.portal.test')).toBe('https://demo3.portal.test');
  });

  it('keeps a page not served over https on its own origin, and refuses unsafe entries', () => {
    chooseLaunchCDN(seeded, 'http:', () => 0);
    expect(launchUrl('/sim/PG/play')).toBe('/sim/PG/play');
    expect(launchOrigin('http://127.0.0.1:8091')).toBe('http://127.0.0.1:8091');
    chooseLaunchCDN(['javascript:alert(1)', 'http://plain.example', 'https://a.example/path'], 'https:', () => 0);
    expect(launchUrl('/sim/PG/play')).toBe('/sim/PG/play');
    expect(launchUrl('https://vendor.example/play')).toBe('https://vendor.example/play');
  });
});
