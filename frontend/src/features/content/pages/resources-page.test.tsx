import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '../../../testing/render';
import { server } from '../../../testing/server';
import { contentHandlers, makeLinkResource, makeResource } from '../mocks/handlers';

const SAMPLE_TITLES = ['Annual Report (sample)', 'Letter of Partnership (sample)', 'Certificate of Membership (sample)'];

const main = () => within(screen.getByRole('main'));
const items = () => within(main().getByRole('list')).getAllByRole('listitem');
const titles = () => items().map((item) => within(item).getByRole('heading', { level: 2 }).textContent);

describe('Resources page', () => {
  let logged: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('says it is loading, then lists the server resources with the three samples after them', async () => {
    server.use(contentHandlers.resources([makeResource(), makeLinkResource()]));
    renderRoute('/Resources');
    expect(await screen.findByText('Loading resources...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Code of Ethics' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Resources' })).toBeInTheDocument();
    expect(titles()).toEqual(['Code of Ethics', 'UN Convention', ...SAMPLE_TITLES]);

    const [upload, link, sample] = items() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(upload).getByText('The principles every member follows.')).toBeInTheDocument();
    expect(within(upload).getByText('PDF · 12 kB')).toBeInTheDocument();
    const view = within(upload).getByRole('link', { name: 'View Document: Code of Ethics (opens in a new tab)' });
    expect(view).toHaveTextContent('View Document');
    expect(view).toHaveAttribute('href', '/api/resources/1/file/');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('rel', 'noopener noreferrer');
    // No description: nothing in its place.
    expect(within(link).queryByRole('paragraph')).not.toBeInTheDocument();
    expect(within(link).getByRole('link', { name: /View Document/ })).toHaveAttribute('href', 'https://example.org/convention');
    expect(within(sample).getByRole('link', { name: /View Document/ })).toHaveAttribute('href', '/documents/sample-annual-report.pdf');
    expect(screen.queryByText('Loading resources...')).not.toBeInTheDocument();
    expect(logged).not.toHaveBeenCalled();
  });

  it('shows the three samples when the server has none', async () => {
    server.use(contentHandlers.resources([]));
    renderRoute('/resources');
    expect(await screen.findByRole('heading', { level: 2, name: SAMPLE_TITLES[0] })).toBeInTheDocument();
    expect(titles()).toEqual(SAMPLE_TITLES);
  });

  it('reads the object form of SPEC §7 too', async () => {
    server.use(contentHandlers.resources({ resources: [makeResource({ title: 'Wrapped' })] }));
    renderRoute('/Resources');
    expect(await screen.findByRole('heading', { level: 2, name: 'Wrapped' })).toBeInTheDocument();
    expect(titles()).toHaveLength(4);
  });

  it('logs a failure and shows the empty state, without samples', async () => {
    server.use(contentHandlers.resourcesFailure());
    renderRoute('/Resources');
    expect(await screen.findByText('No resources available at the moment.')).toBeInTheDocument();
    expect(main().queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Loading the resources failed', expect.anything());
  });
});
