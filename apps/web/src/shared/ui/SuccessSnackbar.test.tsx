import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SNACKBAR_HIDE_MS } from '@arb/shared';
import { SuccessSnackbar } from './SuccessSnackbar';

let show: (m: string | null) => void = () => undefined;
function Host() {
  const [message, setMessage] = useState<string | null>(null);
  show = setMessage;
  return <SuccessSnackbar message={message} onClose={() => setMessage(null)} />;
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
});
