import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { hundredthsBetween, useTypedNumber } from './typedNumber';

// A dice target field (1.00 to 98.00) that shows the value it holds.
function Target({ start }: { start: number }) {
  const [value, setValue] = useState(start);
  const typed = useTypedNumber(value, setValue, hundredthsBetween(100, 9800));
  return (
    <>
      <input aria-label="target" {...typed} />
      <output>{value}</output>
      <button type="button" onClick={() => setValue(2500)}>
        set
      </button>
    </>
  );
}

describe('useTypedNumber', () => {
  it('takes a number in bounds while typing and settles the rest when left', () => {
    render(<Target start={5000} />);
    const input = screen.getByLabelText('target') as HTMLInputElement;
    const held = () => screen.getByRole('status').textContent;

    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '42.5' } });
    expect(held()).toBe('4250');
    expect(input.value).toBe('42.5'); // the player's text stays while typing

    fireEvent.change(input, { target: { value: '99.5' } });
    expect(held()).toBe('4250'); // out of bounds: waits
    fireEvent.blur(input);
    expect(held()).toBe('9800');
    expect(input.value).toBe('98.00');

    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(held()).toBe('9800'); // not a number: back to the value
    expect(input.value).toBe('98.00');

    fireEvent.click(screen.getByRole('button', { name: 'set' }));
    expect(input.value).toBe('25.00'); // not typing: the text follows
  });
});
