import { afterEach, describe, expect, it } from 'vitest';
import { bcp47, chooseLanguage, rememberLanguage, toPortalCode } from './language';

afterEach(() => localStorage.clear());

describe('html language tags', () => {
  it.each([
    ['KM', 'km'],
    ['CN', 'zh-Hans'],
    ['TW', 'zh-Hant'],
    ['PT-BR', 'pt-BR'],
    ['AR', 'ar'],
  ])('%s is %s', (code, tag) => expect(bcp47(code)).toBe(tag));
});

describe('language choice', () => {
  it.each([
    ['km-KH', 'KM'],
    ['zh-TW', 'TW'],
    ['zh', 'CN'],
    ['pt-BR', 'PT-BR'],
    ['en_US', 'EN'],
  ])('maps %s to %s', (tag, code) => expect(toPortalCode(tag)).toBe(code));

  it('takes the device language when supported', () => {
    expect(chooseLanguage(['KM', 'EN', 'TH'], 'KM', ['th-TH', 'en'])).toBe('TH');
  });

  it('falls back silently to the default', () => {
    expect(chooseLanguage(['KM', 'EN'], 'KM', ['de-DE'])).toBe('KM');
  });

  it('prefers a stored choice, under lang and hisLang', () => {
    rememberLanguage('EN');
    expect(localStorage.getItem('hisLang')).toBe('EN');
    expect(chooseLanguage(['KM', 'EN'], 'KM', ['km'])).toBe('EN');
    expect(chooseLanguage(['KM'], 'KM', [])).toBe('KM');
  });
});
