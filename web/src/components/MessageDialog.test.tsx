import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageDialog } from './MessageDialog';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

// Warnings show as warnings, information as information (C-045, C-105).
describe('message dialog tones', () => {
  it.each([
    ['warning', 'common.warning', 'dialog-warning'],
    ['info', 'common.info', 'dialog-info'],
  ] as const)('%s: its icon and frame', (tone, label, frame) => {
    render(<MessageDialog text="Please register or log in with a real account" tone={tone} onClose={() => undefined} />);
    act(() => vi.advanceTimersByTime(100));
    const dialog = screen.getByRole('dialog', { name: 'common.notice' });
    expect(dialog).toHaveClass(frame);
    expect(screen.getByRole('img', { name: label })).toHaveClass(`tone-${tone}`);
    expect(screen.getByRole('button', { name: 'common.confirm' })).toBeInTheDocument();
  });

  it('is information unless told otherwise', () => {
    render(<MessageDialog text="Copied." onClose={() => undefined} />);
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('img', { name: 'common.info' })).toBeInTheDocument();
  });
});
