import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { FieldRule } from '../../data/types';
import en from '../../locales/en.json';
import km from '../../locales/km.json';
import { checkField, fieldMessage, hintedPatterns } from './fields';

const rule = (p: Partial<FieldRule>): FieldRule => ({ enabled: true, required: true, acceptedPattern: '*', patternId: 1, minLength: 2, maxLength: 5, type: 'text', ...p });

describe('register field rules, as the server applies them', () => {
  it.each([
    [rule({}), '', 'form.required'],
    [rule({ required: false }), '', null],
    [rule({}), 'a', 'form.length'],
    [rule({}), 'ab', null],
    [rule({}), 'abcde', null],
    [rule({}), 'abcdef', 'form.length'],
    [rule({ acceptedPattern: '^\\d+$' }), '12a', 'form.pattern'],
    [rule({ acceptedPattern: '^\\d+$' }), '123', null],
    [rule({ acceptedPattern: '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z\\d\\s])[\\x21-\\x7e]+$', maxLength: 20, minLength: 8 }), 'Player@123', null],
    [rule({ acceptedPattern: '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z\\d\\s])[\\x21-\\x7e]+$', maxLength: 20, minLength: 8 }), 'player123', 'form.pattern'],
    [rule({ minLength: 2, maxLength: 3 }), 'ខ្មែ', 'form.length'],
  ])('%#', (r, value, want) => expect(checkField(r, value)?.key ?? null).toBe(want));
});

const i18n = i18next.createInstance();
void i18n.init({ resources: { EN: { translation: en }, KM: { translation: km } }, lng: 'EN', interpolation: { escapeValue: false } });

describe('field messages (X-022..X-025, C-070)', () => {
  const username = rule({ patternId: 2, acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$', minLength: 6, maxLength: 16 });
  const t = i18n.getFixedT('EN');
  const msg = (r: FieldRule, value: string, opts: { field?: string; starred?: boolean }) => fieldMessage(t, checkField(r, value)!, opts);

  it.each([
    ['missing, on a form that stars required fields', username, '', { field: 'username', starred: true }, 'Items marked * are required.'],
    ['missing, on a form without stars', username, '', { field: 'username' }, 'Input cannot be empty.'],
    ['malformed account', username, '1player', { field: 'username', starred: true }, 'Account, password or e-mail format incorrect: Enter 6 to 16 letters or digits, starting with a letter.'],
    ['too short: the same message, by patternId', username, 'ab', { field: 'username' }, 'Account, password or e-mail format incorrect: Enter 6 to 16 letters or digits, starting with a letter.'],
    ['real name', rule({ patternId: 13, acceptedPattern: '^(?=(?:.*[A-Za-z]){2})[A-Za-z ]+$', minLength: 2, maxLength: 50 }), 'J1', { field: 'payeeName' }, 'Real name format incorrect: Enter 2 to 50 letters or spaces, with at least two letters.'],
    ['any other field', rule({ patternId: 7, acceptedPattern: '^\\d+$', minLength: 6, maxLength: 15 }), '12ab56', { field: 'whatsapp' }, 'Format incorrect: Enter 6 to 15 digits.'],
    ['an id the site has no hint for', rule({ patternId: 99, acceptedPattern: '^\\d+$', minLength: 2, maxLength: 5 }), 'x1', { field: 'qqNum' }, 'The format is incorrect (2 to 5 characters).'],
  ])('%s', (_, r, value, opts, want) => expect(msg(r, value, opts)).toBe(want));

  it('speaks the chosen language', () => {
    const kmT = i18n.getFixedT('KM');
    expect(fieldMessage(kmT, checkField(rule({ patternId: 7, acceptedPattern: '^\\d+$', minLength: 4, maxLength: 6 }), 'abcd')!, { field: 'whatsapp' })).toBe('ទម្រង់មិនត្រឹមត្រូវ៖ សូមបញ្ចូលលេខ 4 ដល់ 6 ខ្ទង់។');
  });

  const catalogues = import.meta.glob<{ default: { form: { hint: Record<string, string> } } }>('../../locales/*.json', { eager: true });
  const complete = ['en', 'km', 'cn', 'tw', 'th', 'vi', 'id', 'ms', 'ja', 'ko', 'ar', 'fa', 'ur'];
  it.each(complete)('%s has a hint for every pattern id, with min and max', (code) => {
    const hints = catalogues[`../../locales/${code}.json`].default.form.hint;
    const seen = new Set<string>();
    for (const id of hintedPatterns) {
      const h = hints[`p${id}`];
      expect(h, `p${id}`).toContain('{{min}}');
      expect(h, `p${id}`).toContain('{{max}}');
      seen.add(h);
    }
    expect(seen.size).toBe(hintedPatterns.length);
  });
});
