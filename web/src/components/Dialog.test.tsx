import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('generic popup (spec §2)', () => {
  it('is a labelled modal dialog shown after 100 ms', () => {
    render(
      <Dialog title="Notices" onClose={() => undefined}>
        <p>body</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).not.toBeVisible();
    act(() => vi.advanceTimersByTime(99));
    expect(dialog).not.toBeVisible();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('dialog', { name: 'Notices' })).toBeVisible();
  });

  it('does not close on a click outside, closes by its button', () => {
    const onClose = vi.fn();
    const { container } = render(
      <Dialog title="T" onClose={onClose}>
        x
      </Dialog>,
    );
    act(() => vi.advanceTimersByTime(100));
    fireEvent.click(container.querySelector('.dialog-backdrop')!);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'common.close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('can hide its close button', () => {
    render(
      <Dialog title="T" onClose={() => undefined} hideClose>
        x
      </Dialog>,
    );
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('freezes page scroll and restores it on close', () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    Object.defineProperty(window, 'scrollY', { value: 240, configurable: true });
    const { unmount } = render(
      <Dialog title="T" onClose={() => undefined}>
        x
      </Dialog>,
    );
    expect(document.body.style.position).toBe('fixed');
    expect(document.body.style.top).toBe('-240px');
    unmount();
    expect(document.body.style.position).toBe('');
    expect(scrollTo).toHaveBeenCalledWith({ top: 240, behavior: 'instant' });
    vi.unstubAllGlobals();
  });

  it('keeps keyboard focus inside', () => {
    render(
      <Dialog title="T" onClose={() => undefined}>
        <button type="button">a</button>
        <button type="button">b</button>
      </Dialog>,
    );
    act(() => vi.advanceTimersByTime(100));
    const [close, , b] = screen.getAllByRole('button');
    b.focus();
    fireEvent.keyDown(b, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(b).toHaveFocus();
  });
});
