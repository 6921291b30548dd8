import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { buildTheme } from '../theme';
import { HoverHint, PlainControlStyles, PlainIconButton, REASON_SHOWN_MS } from './plain-controls';

/*
 * Why a control is disabled ("Requiere conexión", issue 36): drawn on hover by the hint's own
 * stylesheet, it was invisible to screen readers and on a touch screen (no hover, and a disabled
 * button takes neither focus nor click).
 */
function Offline({ reason = true }: { reason?: boolean }) {
  return (
    <ThemeProvider theme={buildTheme('light')}>
      <PlainControlStyles />
      <HoverHint text="Requiere conexión" reason={reason}>
        <PlainIconButton icon="edit" aria-label="Editar transacción 1" disabled />
      </HoverHint>
    </ThemeProvider>
  );
}

/** jsdom has no PointerEvent: without one, fireEvent drops `pointerType` and every press looks alike. */
class PointerEventWithType extends MouseEvent {
  readonly pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerType = init.pointerType ?? '';
  }
}

const hint = () => screen.getByText('Requiere conexión', { ignore: false });
const shown = () => getComputedStyle(hint()).display !== 'none';

beforeEach(() => {
  vi.stubGlobal('PointerEvent', PointerEventWithType);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('HoverHint with the reason a control is disabled', () => {
  it('is the disabled button’s accessible description', () => {
    render(<Offline />);
    const button = screen.getByRole('button', { name: 'Editar transacción 1', description: 'Requiere conexión' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('a hint that only names the control (not a reason) is no description and is hidden from screen readers', () => {
    render(<Offline reason={false} />);
    screen.getByRole('button', { name: 'Editar transacción 1', description: '' });
    expect(hint().getAttribute('aria-hidden')).toBe('true');
  });

  it('a tap on the disabled button shows it, for a few seconds; a new tap starts them again', () => {
    vi.useFakeTimers();
    render(<Offline />);
    expect(shown()).toBe(false);
    const button = screen.getByRole('button', { name: 'Editar transacción 1' });
    // A disabled button gets no click, but its pointerdown reaches the hint (Chromium, e2e/phone).
    fireEvent.pointerDown(button, { pointerType: 'touch' });
    expect(shown()).toBe(true);
    act(() => vi.advanceTimersByTime(REASON_SHOWN_MS - 500));
    fireEvent.pointerDown(button, { pointerType: 'pen' });
    act(() => vi.advanceTimersByTime(REASON_SHOWN_MS - 500));
    expect(shown()).toBe(true);
    act(() => vi.advanceTimersByTime(500));
    expect(shown()).toBe(false);
  });

  it('a mouse press leaves it to the hover', () => {
    render(<Offline />);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Editar transacción 1' }), { pointerType: 'mouse' });
    expect(shown()).toBe(false);
  });

  it('a tap shows nothing for a hint that is not a reason (the enabled control acts instead)', () => {
    render(<Offline reason={false} />);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Editar transacción 1' }), { pointerType: 'touch' });
    expect(shown()).toBe(false);
  });
});
