import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { STATUS_TONES, StatusBadge } from './status-badge';

describe('StatusBadge', () => {
  it('shows a known status by its word from the common catalogue, with its tone', () => {
    render(
      <>
        <StatusBadge kind="event" status="Published" />
        <StatusBadge kind="registration" status="Pending" />
        <StatusBadge kind="member" status="Rejected" />
        <StatusBadge kind="waitlist" status="offered" />
      </>,
    );
    expect(screen.getByText('Published')).toHaveClass('status-badge', 'status-badge--good');
    expect(screen.getByText('Pending')).toHaveClass('status-badge--warn');
    expect(screen.getByText('Rejected')).toHaveClass('status-badge--bad');
    expect(screen.getByText('Offered')).toHaveClass('status-badge--warn');
  });

  it('says "Approved (free)" for an approved registration no payment stands behind, and only then', () => {
    render(
      <>
        <StatusBadge kind="registration" status="Approved" free />
        <StatusBadge kind="registration" status="Rejected" free />
      </>,
    );
    expect(screen.getByText('Approved (free)')).toHaveClass('status-badge--good');
    expect(screen.getByText('Rejected')).toHaveClass('status-badge--bad');
  });

  it('takes any word with a tone, and a smaller size for tight lists', () => {
    render(
      <StatusBadge tone="quiet" small>
        Stopped
      </StatusBadge>,
    );
    expect(screen.getByText('Stopped')).toHaveClass('status-badge', 'status-badge--quiet', 'status-badge--small');
  });

  it('has a word for every status in every kind', () => {
    render(
      <>
        {Object.entries(STATUS_TONES).flatMap(([kind, tones]) =>
          Object.keys(tones).map((status) => (
            // eslint-disable-next-line @typescript-eslint/no-explicit-any
            <StatusBadge key={`${kind}.${status}`} kind={kind as any} status={status as any} />
          )),
        )}
      </>,
    );
    for (const badge of document.querySelectorAll('.status-badge')) {
      expect(badge.textContent).not.toMatch(/^status\./);
    }
  });
});
