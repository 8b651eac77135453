import { useEffect, useRef, useState } from 'react';

import { useTranslation } from '../../../lib/use-translation';

type CameraState = 'off' | 'starting' | 'on' | 'failed';

/** The camera's view and its button; the reader is loaded only when the camera is started. */
export function CameraScanner({ disabled, onCode }: { disabled: boolean; onCode: (text: string) => void }) {
  const { t } = useTranslation('checkin');
  const videoRef = useRef<HTMLVideoElement>(null);
  const stopRef = useRef<(() => void) | null>(null);
  const onCodeRef = useRef(onCode);
  const [state, setState] = useState<CameraState>('off');

  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);
  useEffect(() => () => stopRef.current?.(), []);

  const start = async () => {
    const video = videoRef.current;
    if (!video) return;
    setState('starting');
    try {
      const { startCamera } = await import('../camera');
      stopRef.current = await startCamera(video, (text) => onCodeRef.current(text));
      setState('on');
    } catch {
      setState('failed');
    }
  };
  const stop = () => {
    stopRef.current?.();
    stopRef.current = null;
    setState('off');
  };

  return (
    <section className="checkin__camera" aria-label={t('cameraLabel')}>
      {/* Muted and inline: a phone shows the view in the page, not full screen. */}
      <video ref={videoRef} className="checkin__video" hidden={state !== 'on'} muted playsInline aria-hidden="true" />
      {state === 'failed' && <p className="checkin__warning">{t('cameraFailed')}</p>}
      {state === 'on' ? (
        <button type="button" className="button button--secondary checkin__camera-button" onClick={stop}>
          {t('cameraStop')}
        </button>
      ) : (
        <button
          type="button"
          className="button button--accent checkin__camera-button"
          onClick={() => void start()}
          disabled={disabled || state === 'starting'}
          aria-busy={state === 'starting'}
        >
          {state === 'starting' ? t('cameraStarting') : t('cameraStart')}
        </button>
      )}
    </section>
  );
}
