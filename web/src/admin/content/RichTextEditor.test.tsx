import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from './RichTextEditor';

// The real editor in the DOM: its area is a labelled multi-line textbox
// holding the HTML it was given, and its toolbar acts on it.
// jsdom has no layout; ProseMirror asks where the selection is to scroll
// it into view. Empty rectangles answer that.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const saved = { rects: Range.prototype.getClientRects, box: Range.prototype.getBoundingClientRect, point: document.elementFromPoint };
beforeAll(() => {
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});
afterAll(() => {
  Range.prototype.getClientRects = saved.rects;
  Range.prototype.getBoundingClientRect = saved.box;
  document.elementFromPoint = saved.point;
});

describe('RichTextEditor', { timeout: 30_000 }, () => {
  it('shows the HTML it is given in a labelled textbox and reports changes as HTML', async () => {
    const onChange = vi.fn();
    render(
      <>
        <span id="body-label">Content (KM)</span>
        <RichTextEditor labelId="body-label" value="<p>សួស្តី <strong>ពិភពលោក</strong></p>" onChange={onChange} />
      </>,
    );
    const area = await screen.findByRole('textbox', { name: 'Content (KM)' });
    expect(area).toHaveAttribute('aria-multiline', 'true');
    expect(area.querySelector('strong')).toHaveTextContent('ពិភពលោក');
    const bold = screen.getByRole('button', { name: 'content.editor.bold' });
    expect(bold).toHaveAttribute('aria-pressed', 'false');
    // Select everything and make it a bulleted list: the change comes out as HTML.
    area.focus();
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.click(screen.getByRole('button', { name: 'content.editor.bulletList' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const html = String(onChange.mock.calls.at(-1)![0]);
    expect(html.startsWith('<ul><li><p>'), html).toBe(true);
    expect(html).toContain('<strong>ពិភពលោក</strong>');
  });
});
