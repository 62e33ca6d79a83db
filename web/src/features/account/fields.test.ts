import { describe, expect, it } from 'vitest';
import type { FieldRule } from '../../data/types';
import { checkField } from './fields';

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
