import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import i18n from '../../lib/i18n';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { makeSignedVideo, signedVideoHandlers } from './mocks/handlers';
import { SignedVideoButton, WatchSignedVideo } from './watch-signed-video';
import fr from '../../locales/fr/signed-videos.json';
import rw from '../../locales/rw/signed-videos.json';

// The screens' words in the languages the test switches to.
const CATALOGUES = { fr, rw };

const WATCH = 'Watch in Rwandan Sign Language';

function tracks(container: HTMLElement) {
  return [...container.querySelectorAll('track')].map((track) => ({
    language: track.srclang,
    label: track.label,
    kind: track.kind,
    default: track.default,
  }));
}

describe('Watch in Rwandan Sign Language', () => {
  afterEach(() => {
    Reflect.deleteProperty(document, 'pictureInPictureEnabled');
  });

  it('shows nothing for a page without a video, or when the video cannot be fetched', async () => {
    server.use(
      // The services page's call fails; the about page has none; the home page has one.
      http.get('*/api/signed-videos/', ({ request }) =>
        new URL(request.url).searchParams.get('target') === 'page:services' ? HttpResponse.error() : undefined,
      ),
      signedVideoHandlers.publicVideo((target) => (target === 'page:about' ? null : makeSignedVideo())),
    );
    renderWithProviders(
      <>
        <WatchSignedVideo target="page:about" />
        <WatchSignedVideo target="page:services" />
        <WatchSignedVideo target="page:home" />
      </>,
    );
    // Only the home page has one.
    expect(await screen.findByRole('button', { name: WATCH })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: WATCH })).toHaveLength(1);
  });

  it('loads the player only when asked, with the captions of the page language on', async () => {
    server.use(signedVideoHandlers.publicVideo(() => makeSignedVideo()));
    const { container, user } = renderWithProviders(<WatchSignedVideo target="page:home" />);
    const watch = await screen.findByRole('button', { name: WATCH });
    // Not a byte of video before the press: no <video> at all.
    expect(container.querySelector('video')).toBeNull();
    expect(watch).toHaveAttribute('aria-expanded', 'false');

    await user.click(watch);
    const player = await screen.findByRole('region', { name: 'Video in Rwandan Sign Language' });
    expect(player).toHaveFocus();
    expect(watch).toHaveAttribute('aria-expanded', 'true');
    expect(watch).toHaveAttribute('aria-controls', player.id);
    const video = player.querySelector('video');
    expect(video).toHaveAttribute('src', '/media/signed-videos/5/video-1a2b.mp4');
    expect(video).toHaveAttribute('poster', '/media/signed-videos/5/poster-1a2b.jpg');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('playsinline');
    expect(video).not.toHaveAttribute('autoplay');
    expect(tracks(player)).toEqual([
      { language: 'en', label: 'English', kind: 'captions', default: true },
      { language: 'rw', label: 'Ikinyarwanda', kind: 'captions', default: false },
    ]);
  });

  it('turns on the Kinyarwanda captions for a visitor reading the site in Kinyarwanda, and none without them', async () => {
    const defaultTrack = async (language: 'rw' | 'fr') => {
      await i18n.changeLanguage(language);
      const texts = CATALOGUES[language];
      const { user, unmount } = renderWithProviders(<SignedVideoButton video={makeSignedVideo()} />);
      await user.click(await screen.findByRole('button', { name: texts.watch }));
      const player = await screen.findByRole('region', { name: texts.player.label });
      const on = tracks(player).filter((track) => track.default).map((track) => track.language);
      unmount();
      return on;
    };
    expect(await defaultTrack('rw')).toEqual(['rw']);
    // No French captions: none is on, the visitor picks one in the player.
    expect(await defaultTrack('fr')).toEqual([]);
  });

  it('shows and hides the transcript with a button that says which', async () => {
    const { user } = renderWithProviders(<SignedVideoButton video={makeSignedVideo()} />);
    await user.click(await screen.findByRole('button', { name: WATCH }));
    const player = await screen.findByRole('region', { name: 'Video in Rwandan Sign Language' });
    const toggle = within(player).getByRole('button', { name: 'Show transcript' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const transcript = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(transcript).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide transcript');
    expect(transcript).toBeVisible();
    expect(transcript).toHaveTextContent('We sign, we meet, we learn together.');

    await user.click(toggle);
    expect(transcript).not.toBeVisible();
  });

  it('has no transcript button for a video without one', async () => {
    const { user } = renderWithProviders(<SignedVideoButton video={makeSignedVideo({ transcript: null })} />);
    await user.click(await screen.findByRole('button', { name: WATCH }));
    const player = await screen.findByRole('region', { name: 'Video in Rwandan Sign Language' });
    expect(within(player).queryByRole('button', { name: 'Show transcript' })).toBeNull();
  });

  it('offers picture in picture only where the browser has it', async () => {
    const { user, unmount } = renderWithProviders(<SignedVideoButton video={makeSignedVideo()} />);
    await user.click(await screen.findByRole('button', { name: WATCH }));
    const player = await screen.findByRole('region', { name: 'Video in Rwandan Sign Language' });
    expect(within(player).queryByRole('button', { name: 'Picture in picture' })).toBeNull();
    unmount();

    Object.defineProperty(document, 'pictureInPictureEnabled', { value: true, configurable: true });
    const second = renderWithProviders(<SignedVideoButton video={makeSignedVideo()} />);
    await second.user.click(await screen.findByRole('button', { name: WATCH }));
    const again = await screen.findByRole('region', { name: 'Video in Rwandan Sign Language' });
    expect(within(again).getByRole('button', { name: 'Picture in picture' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('closes by keyboard and gives the focus back to the Watch button', async () => {
    const { user } = renderWithProviders(<SignedVideoButton video={makeSignedVideo()} />);
    const watch = await screen.findByRole('button', { name: WATCH });
    watch.focus();
    await user.keyboard('{Enter}');
    const player = await screen.findByRole('region', { name: 'Video in Rwandan Sign Language' });
    within(player).getByRole('button', { name: 'Close the video' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('region', { name: 'Video in Rwandan Sign Language' })).toBeNull();
    expect(watch).toHaveFocus();
    expect(watch).toHaveAttribute('aria-expanded', 'false');
  });
});
