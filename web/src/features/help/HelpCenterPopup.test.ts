import { describe, expect, it } from 'vitest';
import { withoutLeadingTitle } from './HelpCenterPopup';

describe('help article title', () => {
  it('is shown once: a heading repeating it at the top of the content goes', () => {
    expect(withoutLeadingTitle('<h3>Terms and conditions</h3><p>By registering…</p>', 'Terms and conditions')).toBe('<p>By registering…</p>');
    expect(withoutLeadingTitle('\n  <h2> Terms  and Conditions </h2><p>x</p>', 'Terms and conditions')).toBe('\n  <p>x</p>');
  });

  it('keeps other headings and content that does not start with the title', () => {
    for (const html of ['<h3>Other</h3><p>x</p>', '<p>Intro</p><h3>Terms and conditions</h3>', 'text <h3>Terms and conditions</h3>', '<p>Terms and conditions</p>']) {
      expect(withoutLeadingTitle(html, 'Terms and conditions')).toBe(html);
    }
  });
});
