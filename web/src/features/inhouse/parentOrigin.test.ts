import { describe, expect, it } from 'vitest';
import { parentOrigin } from './useGame';

// A game framed from a launch host tells the site around it (another
// origin) that the balance moved: the message goes to the framer's origin.
describe('parentOrigin', () => {
  it.each([
    ['https://site.example/rng?x=1', 'https://site.example'],
    ['http://127.0.0.1:8091/', 'http://127.0.0.1:8091'],
    ['', '*'],
    ['not a url', '*'],
  ])('%s -> %s', (referrer, want) => expect(parentOrigin(referrer)).toBe(want));
});
