import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '../../../testing/render';
import { server } from '../../../testing/server';
import { publicEventHandlers } from '../mocks/public-handlers';

describe('Conference landing page (/event)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the fixed content: dates, sample agenda, FAQs, register link and venue', async () => {
    server.use(publicEventHandlers.config());
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date(2026, 10, 22, 12, 0, 0));
    renderRoute('/event');

    // A lazy page: each part is waited for, not only the heading.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pan-African Sign Language Interpreters Conference' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('3-5 November 2027')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Register' })).toHaveAttribute('href', '/registration');

    const agenda = await screen.findByRole('region', { name: 'Sample agenda' });
    expect(within(agenda).getAllByRole('listitem')).toHaveLength(4);
    const faqs = await screen.findByRole('region', { name: 'Frequently asked questions' });
    expect(faqs.querySelectorAll('details')).toHaveLength(3);
    expect(await screen.findByRole('region', { name: 'Map of the venue' })).toBeInTheDocument();

    // Counting down to the next 3 November (2027 here), in the visitor's local time.
    const countdown = await screen.findByRole('region', { name: 'The event starts in' });
    const seconds = () => countdown.querySelector('[data-unit="seconds"] .countdown__value')?.textContent;
    expect(countdown.querySelector('[data-unit="days"] .countdown__value')?.textContent).toBe('345');
    expect(seconds()).toBe('00');
    act(() => vi.advanceTimersByTime(1000));
    expect(seconds()).toBe('59');
  });

  it('/event/:id shows the event page inside the public layout', async () => {
    server.use(publicEventHandlers.detail(), publicEventHandlers.config());
    renderRoute('/event/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Legal Interpreting Workshop' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('/events shows the upcoming events inside the public layout', async () => {
    server.use(publicEventHandlers.list());
    renderRoute('/events');
    expect(await screen.findByRole('heading', { level: 2, name: 'Legal Interpreting Workshop' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeInTheDocument();
  });
});
