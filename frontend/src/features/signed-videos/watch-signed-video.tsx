import { lazy, Suspense, useId, useRef, useState } from 'react';

import { LoadingText } from '../../components/loading-text';
import { type SignedVideo, type SignedVideoTarget, useGetSignedVideoQuery } from '../../lib/signed-videos';
import { useTranslation } from '../../lib/use-translation';

// The player and its styles are a chunk of their own, fetched with the first press of the button:
// a visit that does not watch loads neither, nor any of the video's bytes.
const Player = lazy(async () => ({ default: (await import('./signed-video-player')).SignedVideoPlayer }));

/** A site page's "Watch in Rwandan Sign Language", when the page has a video (else nothing). */
export function WatchSignedVideo({ target }: { target: SignedVideoTarget }) {
  // A failed call shows nothing, as a page without a video does.
  const { data } = useGetSignedVideoQuery(target);
  return <SignedVideoButton video={data ?? null} />;
}

/** The button for a video an event or an update carries, and the player it opens below it. */
export function SignedVideoButton({ video }: { video: SignedVideo | null | undefined }) {
  return video ? <Watch video={video} /> : null;
}

function Watch({ video }: { video: SignedVideo }) {
  const { t, i18n } = useTranslation('signed-videos');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const playerId = useId();
  // Its texts are fetched only for a page that has a video: until they are here, nothing shows.
  if (!i18n.hasLoadedNamespace('signed-videos')) return null;

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  return (
    <div className="signed-video-slot">
      <button
        ref={button}
        type="button"
        className="button button--primary signed-video-slot__watch"
        aria-expanded={open}
        aria-controls={open ? playerId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M8 5v14l11-7z" fill="currentColor" />
        </svg>
        {t('watch')}
      </button>
      {open && (
        <Suspense fallback={<LoadingText />}>
          <Player id={playerId} video={video} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
