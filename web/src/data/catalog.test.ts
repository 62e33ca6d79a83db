import { afterEach, describe, expect, it } from 'vitest';
import { catalogParams } from './catalog';

afterEach(() => sessionStorage.clear());

// The site sends the spec's parameters (A-039, A-042, D-028, D-029, X-004).
describe('catalogue call parameters', () => {
  it('names the merchant, client type 3, platform html5-desktop and icon size sx2', () => {
    sessionStorage.setItem('merchant', 'demo');
    expect(catalogParams.list({ gameType: 'RNG', pageSize: 18 }, 2)).toEqual({ clientType: 3, platform: 'html5-desktop', merchant: 'demo', imgSize: 'sx2', gameType: 'RNG', pageSize: 18, pageNo: 2 });
    expect(catalogParams.hot()).toEqual({ merchantCode: 'demo', isPlatform: 2, platform: 'html5-desktop', limitNum: 200 });
    expect(catalogParams.winners()).toEqual({ gameCategory: 'ALL', limitNum: 20 });
    expect(catalogParams.vendors(true)).toEqual({ platform: 'html5-desktop', flush: true });
    expect(catalogParams.menus()).toEqual({ platform: 'html5-desktop' });
  });
});
