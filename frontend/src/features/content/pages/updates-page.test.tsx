import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '../../../testing/render';
import { server } from '../../../testing/server';
import { makeSignedVideo } from '../../signed-videos/mocks/handlers';
import { contentHandlers, makeUpdate } from '../mocks/handlers';

const main = () => within(screen.getByRole('main'));
/** The list item of the update headed `title`. */
const itemOf = async (title: string) => {
  const item = (await screen.findByRole('heading', { level: 2, name: title })).closest('li');
  if (!item) throw new Error(`No item for ${title}`);
  return item;
};

describe('Updates page', () => {
  let logged: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('offers the signed version of an update that has one, and opens it in place', async () => {
    server.use(
      contentHandlers.updates([
        makeUpdate({ signed_video: makeSignedVideo() }),
        makeUpdate({ id: 2, title: 'Office closed', date: '2026-10-01', signed_video: null }),
      ]),
    );
    const { user } = renderRoute('/Updates');
    const signed = await itemOf('Certification exams announced');
    const watch = within(signed).getByRole('button', { name: 'Watch in Rwandan Sign Language' });
    expect(within(await itemOf('Office closed')).queryByRole('button')).not.toBeInTheDocument();
    await user.click(watch);
    expect(await within(signed).findByRole('region', { name: 'Video in Rwandan Sign Language' })).toHaveFocus();
  });

  it('says it is loading, then lists title, date, description and Read More', async () => {
    server.use(
      contentHandlers.updates([
        makeUpdate(),
        makeUpdate({ id: 2, title: 'Office closed', date: '2026-10-01', description: '', link: '' }),
      ]),
    );
    renderRoute('/Updates');
    expect(await screen.findByText('Loading updates...')).toBeInTheDocument();
    const first = await itemOf('Certification exams announced');
    expect(screen.getByRole('heading', { level: 1, name: 'Updates' })).toBeInTheDocument();
    expect(within(first).getByText('Nov 3, 2026')).toHaveAttribute('datetime', '2026-11-03');
    expect(within(first).getByText('In Kigali and Huye.')).toBeInTheDocument();
    const more = within(first).getByRole('link', { name: 'Read More: Certification exams announced (opens in a new tab)' });
    expect(more).toHaveTextContent('Read More');
    expect(more).toHaveAttribute('href', 'https://example.org/exams');
    expect(more).toHaveAttribute('target', '_blank');

    const second = await itemOf('Office closed');
    expect(within(second).getByText('Oct 1, 2026')).toBeInTheDocument();
    expect(within(second).queryByRole('link')).not.toBeInTheDocument();
    expect(logged).not.toHaveBeenCalled();
  });

  it('shows the empty state when there are none', async () => {
    server.use(contentHandlers.updates([]));
    renderRoute('/updates');
    expect(await screen.findByText('No updates available at the moment.')).toBeInTheDocument();
    expect(main().queryByRole('list')).not.toBeInTheDocument();
  });

  it('reads the object form of SPEC §7, and anything else as none', async () => {
    server.use(contentHandlers.updates({ updates: [makeUpdate({ title: 'Wrapped' })] }));
    const { unmount } = renderRoute('/Updates');
    expect(await screen.findByRole('heading', { level: 2, name: 'Wrapped' })).toBeInTheDocument();
    unmount();
    server.use(contentHandlers.updates({ something: 'else' }));
    renderRoute('/Updates');
    expect(await screen.findByText('No updates available at the moment.')).toBeInTheDocument();
  });

  it('logs a failure and shows the empty state', async () => {
    server.use(contentHandlers.updatesFailure());
    renderRoute('/Updates');
    expect(await screen.findByText('No updates available at the moment.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Loading the updates failed', expect.anything());
  });
});
