import { useEffect, useId, useRef, useState } from 'react';

import { LANGUAGE_INFO } from '../../lib/i18n';
import type { SignedVideo } from '../../lib/signed-videos';
import { useTranslation } from '../../lib/use-translation';
import './signed-video-player.css';

interface Props {
  id: string;
  video: SignedVideo;
  /** Closes the player (the Watch button takes the focus back). */
  onClose: () => void;
}

/** Picture in picture where the browser has it (Firefox has its own, outside the page's reach). */
function pictureInPictureAvailable(): boolean {
  return typeof document !== 'undefined' && document.pictureInPictureEnabled === true;
}

/**
 * The browser's own player (its controls work by keyboard and screen reader everywhere): the
 * whole picture always shows (`object-fit: contain`, the signer's hands are never cut off), the
 * captions of the page's language are on by default, and the transcript is a button away. Nothing
 * plays until the visitor presses play.
 */
export function SignedVideoPlayer({ id, video, onClose }: Props) {
  const { t, i18n } = useTranslation('signed-videos');
  const region = useRef<HTMLElement>(null);
  const player = useRef<HTMLVideoElement>(null);
  const transcriptId = useId();
  const [transcriptShown, setTranscriptShown] = useState(false);
  const [floating, setFloating] = useState(false);
  const pip = pictureInPictureAvailable();

  // Opened by the Watch button: the focus goes to the player, which says what it is.
  useEffect(() => region.current?.focus(), []);

  useEffect(() => {
    const element = player.current;
    if (!element || !pip) return;
    const entered = () => setFloating(true);
    const left = () => setFloating(false);
    element.addEventListener('enterpictureinpicture', entered);
    element.addEventListener('leavepictureinpicture', left);
    return () => {
      element.removeEventListener('enterpictureinpicture', entered);
      element.removeEventListener('leavepictureinpicture', left);
      // Closing the player closes its floating window too.
      if (document.pictureInPictureElement === element) void document.exitPictureInPicture().catch(() => {});
    };
  }, [pip]);

  async function togglePictureInPicture() {
    const element = player.current;
    if (!element) return;
    try {
      if (document.pictureInPictureElement === element) await document.exitPictureInPicture();
      else await element.requestPictureInPicture();
    } catch (error) {
      // The browser refused (no metadata yet, a policy): the video stays where it is.
      console.warn('Picture in picture refused', error);
    }
  }

  const transcript = video.transcript?.trim();
  return (
    <section ref={region} id={id} className="signed-video" aria-label={t('player.label')} tabIndex={-1}>
      <video
        ref={player}
        className="signed-video__video"
        controls
        playsInline
        preload="metadata"
        poster={video.poster ?? undefined}
        src={video.src}
      >
        {video.captions.map((caption) => (
          <track
            key={caption.language}
            kind="captions"
            src={caption.src}
            srcLang={caption.language}
            label={LANGUAGE_INFO[caption.language].name}
            default={caption.language === i18n.language}
          />
        ))}
      </video>
      <div className="signed-video__actions">
        {transcript && (
          <button
            type="button"
            className="button button--secondary"
            aria-expanded={transcriptShown}
            aria-controls={transcriptId}
            onClick={() => setTranscriptShown(!transcriptShown)}
          >
            {t(transcriptShown ? 'player.hideTranscript' : 'player.showTranscript')}
          </button>
        )}
        {pip && (
          <button
            type="button"
            className="button button--secondary"
            aria-pressed={floating}
            onClick={() => void togglePictureInPicture()}
          >
            {t('player.pictureInPicture')}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('player.close')}
        </button>
      </div>
      {transcript && (
        <div id={transcriptId} className="signed-video__transcript" hidden={!transcriptShown}>
          <p>{transcript}</p>
        </div>
      )}
    </section>
  );
}
