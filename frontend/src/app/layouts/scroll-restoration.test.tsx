import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '../../testing/render';

/** jsdom does not scroll: pretend the page is at `y` and tell the listeners. */
function scrollPageTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('ScrollRestoration', () => {
  afterEach(() => scrollPageTo(0));

  it('starts a new page at the top and returns to where a page was left on Back', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { user, router } = renderRoute('/');
    await screen.findByRole('heading', { level: 1, name: 'Building an Inclusive Future, Together' });
    scrollPageTo(640);

    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('link', { name: 'Services' }));
    await screen.findByRole('heading', { level: 1, name: 'Our Services' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { level: 1, name: 'Building an Inclusive Future, Together' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });
});
