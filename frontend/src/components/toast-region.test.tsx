import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../testing/render';
import { ToastRegion } from './toast-region';
import { useToast } from './use-toast';

function Demo() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Member updated successfully')}>
        Save
      </button>
      <button type="button" onClick={() => toast.error('Error deleting member', 10000)}>
        Delete
      </button>
      <ToastRegion />
    </>
  );
}

describe('Toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // fireEvent rather than user-event: it needs no timers, so the fake clock stays exact.
  const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

  it('shows a toast in the notifications region and removes it after 5000 ms', () => {
    renderWithProviders(<Demo />);
    click('Save');

    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveTextContent('Success: Member updated successfully');

    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Member updated successfully')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Member updated successfully')).not.toBeInTheDocument();
  });

  it('honours a longer duration', () => {
    renderWithProviders(<Demo />);
    click('Delete');
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByText('Error deleting member')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Error deleting member')).not.toBeInTheDocument();
  });

  it('can be dismissed by hand, leaving the others', () => {
    renderWithProviders(<Demo />);
    click('Save');
    click('Delete');

    const [first, second] = screen.getAllByRole('button', { name: 'Dismiss notification' });
    expect(second).toBeDefined();
    if (!first) throw new Error('No dismiss button');
    fireEvent.click(first);

    expect(screen.queryByText('Member updated successfully')).not.toBeInTheDocument();
    expect(screen.getByText('Error deleting member')).toBeInTheDocument();
  });
});
