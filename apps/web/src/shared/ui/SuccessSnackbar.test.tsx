import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SNACKBAR_HIDE_MS } from '@arb/shared';
import { SuccessSnackbar, useSuccessMessage } from './SuccessSnackbar';

let show: (text: string) => void = () => undefined;
function Host() {
  const success = useSuccessMessage();
  show = success.show;
  return <SuccessSnackbar message={success.message} onClose={success.clear} />;
}

describe('SuccessSnackbar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives a message that comes while another shows its whole time on screen', () => {
    render(<Host />);
    act(() => show('Membresía actualizada exitosamente'));
    act(() => vi.advanceTimersByTime(SNACKBAR_HIDE_MS - 100));
    act(() => show('Membresía retirada exitosamente'));
    // The first message's timer would have ended 100 ms later; the second keeps showing.
    act(() => vi.advanceTimersByTime(SNACKBAR_HIDE_MS - 500));
    expect(screen.getByText('Membresía retirada exitosamente')).toBeTruthy();
    expect(screen.queryByText('Membresía actualizada exitosamente')).toBeNull();
  });

  it('hides a message after its time, keeping its text while it fades', () => {
    render(<Host />);
    act(() => show('Membresía actualizada exitosamente'));
    act(() => vi.advanceTimersByTime(SNACKBAR_HIDE_MS + 10));
    // Closing: the bar fades out with its text (not an empty green bar), then leaves.
    expect(screen.getByText('Membresía actualizada exitosamente')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Membresía actualizada exitosamente')).toBeNull();
  });

  it('gives the same text shown again its whole time too (two memberships updated in a row)', () => {
    render(<Host />);
    act(() => show('Membresía actualizada exitosamente'));
    elapse(SNACKBAR_HIDE_MS - 100);
    act(() => show('Membresía actualizada exitosamente'));
    // The first one's timer would have closed the bar 100 ms later, and it would have faded out.
    elapse(SNACKBAR_HIDE_MS - 500);
    expect(screen.getByText('Membresía actualizada exitosamente')).toBeTruthy();
    // …and then it closes: its own time ends, the bar fades out and leaves.
    elapse(2000);
    expect(screen.queryByText('Membresía actualizada exitosamente')).toBeNull();
  });
});

/** Time passing in steps, each flushed, so a timer's state update starts the next timer (the fade). */
function elapse(ms: number) {
  for (let t = 0; t < ms; t += 100) act(() => vi.advanceTimersByTime(Math.min(100, ms - t)));
}
