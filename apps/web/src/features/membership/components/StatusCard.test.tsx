import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, type MembershipInfo } from '@arb/shared';
import { StatusCard } from './StatusCard';

afterEach(cleanup);

const info = (over: Partial<MembershipInfo>): MembershipInfo => ({
  user_name: 'Ana',
  phone_number: null,
  email: 'ana@example.com',
  membership_status: 'active',
  membership_start: null,
  membership_end: null,
  days_remaining: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  membership_required: true,
  ...over,
});

describe('StatusCard days remaining (issue 25)', () => {
  it('names the last covered day beside the count: an end at the close of 30/11 reads "hasta el 30/11"', () => {
    // 01/12 00:00 local is the close of 30/11: the last day covered is the 30th, not the 1st.
    const end = new Date(2026, 11, 1).toISOString();
    render(<StatusCard info={info({ membership_end: end, days_remaining: 7 })} />);
    const row = screen.getByTestId('days-remaining').parentElement!;
    expect(row.textContent).toBe(`7 (hasta el ${formatDate(new Date(2026, 10, 30))})`);
    expect(formatDate(new Date(2026, 10, 30))).not.toBe(formatDate(end));
  });

  it('shows no count without an active membership', () => {
    render(<StatusCard info={info({ membership_status: 'expired', membership_end: '2026-11-01T00:00:00.000Z', days_remaining: 0 })} />);
    expect(screen.queryByTestId('days-remaining')).toBeNull();
  });
});
