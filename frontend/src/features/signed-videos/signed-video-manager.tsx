import { useEffect, useId, useRef, useState } from 'react';

import { FormMessage, type FormOutcome } from '../../components/form-message';
import { Spinner } from '../../components/spinner';
import { errorText } from '../../lib/api-error';
import { activeLocale, LANGUAGE_INFO } from '../../lib/i18n';
import type { SignedVideoTarget } from '../../lib/signed-videos';
import { useTranslation } from '../../lib/use-translation';
import { CaptionsPanel } from './captions-panel';
import './signed-video-manager.css';
import { signedVideosStaffApi, type StaffSignedVideo, useGetStaffSignedVideoQuery, useRemoveSignedVideoMutation } from './staff-api';
import { TranscriptForm } from './transcript-form';
import { UploadForm } from './upload-form';

/** How often a video being prepared is asked for again. */
const POLL_MS = 3000;

interface Props {
  target: SignedVideoTarget;
  /** The section's heading: the page's name on the Signed videos page; else "Signed video". */
  title?: string;
  /** 2 on a page of its own, 3 inside a dialog. */
  headingLevel?: 2 | 3;
}

/**
 * Staff add, check and remove the Rwandan Sign Language video of a page, an event or an update:
 * the upload, then (once the worker has prepared it) its captions and transcript.
 */
export function SignedVideoManager({ target, title, headingLevel = 2 }: Props) {
  const { t } = useTranslation('signed-videos');
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  // Asked for again every few seconds while the worker prepares the video.
  const { data: cached } = signedVideosStaffApi.endpoints.getStaffSignedVideo.useQueryState(target);
  const { data: video, isLoading, isError, refetch } = useGetStaffSignedVideoQuery(target, {
    pollingInterval: cached?.status === 'processing' ? POLL_MS : 0,
  });

  let body;
  if (isLoading) body = <Spinner label={t('manager.loading')} />;
  else if (isError && video === undefined)
    body = (
      <div role="alert">
        <p className="notice notice--error">{t('manager.loadFailed')}</p>
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          {t('manager.retry')}
        </button>
      </div>
    );
  else if (!video) body = <UploadForm key={target} target={target} />;
  else body = <VideoPanel key={video.id} video={video} headingLevel={headingLevel === 2 ? 3 : 4} />;

  return (
    <section className="card signed-video-manager" aria-labelledby={headingId}>
      <Heading id={headingId} className="signed-video-manager__title">
        {title ?? t('manager.title')}
      </Heading>
      <p className="signed-video-manager__lead">{t('manager.lead')}</p>
      {body}
    </section>
  );
}

function facts(video: StaffSignedVideo, t: (key: string, options?: Record<string, unknown>) => string): string {
  const size = new Intl.NumberFormat(activeLocale(), { maximumFractionDigits: 1 }).format(video.size_bytes / 1_000_000);
  const parts = [t('manager.size', { size })];
  if (video.duration_seconds !== null) {
    const whole = Math.round(video.duration_seconds);
    parts.push(t('manager.duration', { minutes: Math.floor(whole / 60), seconds: String(whole % 60).padStart(2, '0') }));
  }
  return parts.join(' · ');
}

function VideoPanel({ video, headingLevel }: { video: StaffSignedVideo; headingLevel: 3 | 4 }) {
  const { t } = useTranslation('signed-videos');
  return (
    <div className="signed-video-manager__video">
      {video.status === 'processing' && (
        <p className="notice" role="status">
          {t('manager.processing')}
        </p>
      )}
      {video.status === 'failed' && (
        <p className="notice notice--error" role="alert">
          {t('manager.failed', { reason: video.error || t('errors.unknown') })}
        </p>
      )}
      {video.status === 'ready' && (
        <>
          <p role="status">{t('manager.ready', { facts: facts(video, t) })}</p>
          <video
            className="signed-video-manager__preview"
            controls
            playsInline
            preload="none"
            poster={video.poster ?? undefined}
            src={video.src ?? undefined}
            aria-label={t('manager.preview')}
          >
            {video.captions.map((caption) => (
              <track
                key={caption.language}
                kind="captions"
                src={caption.src}
                srcLang={caption.language}
                label={LANGUAGE_INFO[caption.language].name}
              />
            ))}
          </video>
          <CaptionsPanel video={video} headingLevel={headingLevel} />
          <TranscriptForm video={video} headingLevel={headingLevel} />
        </>
      )}
      <RemoveVideo video={video} />
    </div>
  );
}

/** Remove, after a question asked in place (the manager can itself be inside a dialog). */
function RemoveVideo({ video }: { video: StaffSignedVideo }) {
  const { t } = useTranslation('signed-videos');
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [removeVideo, removing] = useRemoveSignedVideoMutation();
  const question = useRef<HTMLDivElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const questionId = useId();

  // The focus follows: to the question when asked, back to the button when the video is kept.
  const asked = useRef(false);
  useEffect(() => {
    if (asking) question.current?.focus();
    else if (asked.current) removeButton.current?.focus();
    asked.current = asking;
  }, [asking]);

  const keep = () => setAsking(false);

  async function remove() {
    setOutcome(null);
    try {
      await removeVideo(video).unwrap();
      // The manager shows the upload form in place of the video.
    } catch (failure) {
      console.error('Removing the signed video failed', failure);
      setOutcome({ kind: 'error', text: errorText(failure) ?? t('errors.unknown') });
    }
  }

  return (
    <div className="signed-video-manager__remove">
      {asking ? (
        <div ref={question} role="group" aria-labelledby={questionId} tabIndex={-1} className="signed-video-manager__question">
          <p id={questionId}>{t('remove.question')}</p>
          <div className="signed-video-manager__buttons">
            <button
              type="button"
              className="button signed-video-manager__danger"
              disabled={removing.isLoading}
              aria-busy={removing.isLoading}
              onClick={() => void remove()}
            >
              {removing.isLoading ? t('remove.removing') : t('remove.confirm')}
            </button>
            <button type="button" className="button button--secondary" disabled={removing.isLoading} onClick={keep}>
              {t('remove.keep')}
            </button>
          </div>
        </div>
      ) : (
        <button ref={removeButton} type="button" className="button button--secondary" onClick={() => setAsking(true)}>
          {t('remove.button')}
        </button>
      )}
      <FormMessage message={outcome} />
    </div>
  );
}
