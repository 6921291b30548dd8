import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearDashboardFlash, showDashboardFlash } from '../lib/dashboard-flash';
import { DashboardFlash } from './DashboardFlash';

afterEach(() => {
  cleanup();
  clearDashboardFlash();
});

describe('DashboardFlash (issue 25)', () => {
  it('shows a message set before or after it mounts (it survives the ledger switch) until closed', async () => {
    showDashboardFlash('Ya no eres miembro de «Caja».');
    render(<DashboardFlash />);
    expect(screen.getByRole('alert').textContent).toContain('Ya no eres miembro de «Caja».');
    await userEvent.click(screen.getByRole('button'));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => showDashboardFlash('Ya no eres miembro de «Otra».'));
    expect(screen.getByRole('alert').textContent).toContain('Ya no eres miembro de «Otra».');
  });
});
