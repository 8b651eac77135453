import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderRoute } from '../../../testing/render';
import { server } from '../../../testing/server';
import { interpretingHandlers, makeInterpreter, page } from '../mocks/handlers';

// Leaflet needs a real browser: the map's chunk is the e2e's (interpreters.spec.ts).
vi.mock('../components/district-map', () => ({ DistrictMap: () => <div>map</div> }));

describe('/interpreters', () => {
  it('shows what each interpreter chose to show, and a link to request them', async () => {
    server.use(
      interpretingHandlers.list(() =>
        page([makeInterpreter(), makeInterpreter({ id: 2, display_name: 'Jean H.', verified: false, phone: '+250788000222' })]),
      ),
      interpretingHandlers.districts(),
    );
    renderRoute('/interpreters');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find an interpreter' })).toBeInTheDocument();
    const aline = (await screen.findByRole('article', { name: 'Aline U.' })) as HTMLElement;
    expect(within(aline).getByText('Verified by the association')).toBeInTheDocument();
    expect(within(aline).getByText('Certified · 9 years of practice')).toBeInTheDocument();
    expect(within(aline).queryByText('Phone')).not.toBeInTheDocument();
    expect(within(aline).getByRole('link', { name: /Request this interpreter/ })).toHaveAttribute(
      'href',
      '/request-interpreter?interpreter=1',
    );
    const jean = screen.getByRole('article', { name: 'Jean H.' });
    expect(within(jean).queryByText('Verified by the association')).not.toBeInTheDocument();
    expect(within(jean).getByRole('link', { name: '+250788000222' })).toHaveAttribute('href', 'tel:+250788000222');
    expect(screen.getByRole('heading', { level: 2, name: '2 interpreters found' })).toBeInTheDocument();
  });

  it('filters by language, district and setting through the address, and by the district list', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      interpretingHandlers.list((url) => {
        asked.push(url.searchParams);
        return page(url.searchParams.get('district') === 'Kicukiro' ? [makeInterpreter()] : []);
      }),
      interpretingHandlers.districts(),
    );
    const { user, router } = renderRoute('/interpreters?language=English');
    await screen.findByRole('heading', { level: 2, name: '0 interpreters found' });
    expect(asked.at(-1)?.get('language')).toBe('English');
    const search = screen.getByRole('search', { name: 'Search the directory' });
    expect(within(search).getByRole('combobox', { name: 'Language' })).toHaveValue('English');
    await user.selectOptions(within(search).getByRole('combobox', { name: 'Setting' }), 'medical');
    await screen.findByRole('heading', { level: 2, name: '0 interpreters found' });
    expect(router.state.location.search).toBe('?language=English&setting=medical');

    // The list beside the map says how many serve each district; choosing one filters.
    const districts = screen.getByRole('region', { name: 'Interpreters by district' });
    expect(within(districts).getByRole('button', { name: 'Gasabo 2 interpreters' })).toBeInTheDocument();
    expect(within(districts).getByRole('button', { name: 'Huye 0 interpreters' })).toBeInTheDocument();
    await user.click(within(districts).getByRole('button', { name: 'Kicukiro 1 interpreter' }));
    expect(await screen.findByRole('article', { name: 'Aline U.' })).toBeInTheDocument();
    expect(asked.at(-1)?.get('district')).toBe('Kicukiro');
    expect(screen.getByRole('heading', { level: 2, name: '1 interpreter found' })).toHaveFocus();
    expect(within(districts).getByRole('button', { name: 'Kicukiro 1 interpreter' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(router.state.location.search).toBe('');
  });
});
