import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';

import { useDocumentTitle } from '../../../components/use-document-title';
import { dateAndTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import { storeDeviceName, storedDeviceName, storedLastEvent, storeLastEvent } from '../device-store';
import { linkDoorManifest, registerDoorWorker } from '../door-worker';
import { firstCheckIn, search, type CheckinEntry, type Scan } from '../logic';
import { phoneHash, useDoor, type UndoOutcome } from '../use-door';
import { CameraScanner } from '../components/camera-scanner';
import { ScanAnswer } from '../components/scan-answer';
import '../checkin.css';

/** The same code read again by the camera within this time is the same person still in front of it. */
const SAME_CODE_MS = 4000;

/**
 * /dashboard/checkin/: where the door's installed app opens (its manifest's start_url): the event
 * this phone last checked people in for, else the registrations page to choose one.
 */
export function CheckinStart() {
  const last = storedLastEvent();
  return <Navigate replace to={last ? `/dashboard/checkin/${last}` : '/dashboard/registrations'} />;
}

/**
 * /dashboard/checkin/:eventId: the door's screen, for a phone held in one hand (docs/checkin.md).
 * The event's list is kept on the phone; each scan (camera, typed code, or a search by name,
 * phone or reference) is answered at once from it, kept, and sent when the network allows.
 */
export function CheckinPage() {
  const { t } = useTranslation('checkin');
  const params = useParams();
  const eventId = Number(params.eventId);
  const [device, setDevice] = useState(storedDeviceName);
  const door = useDoor(eventId, device.trim());
  const [shown, setShown] = useState<Scan | null>(null);
  const [undoNote, setUndoNote] = useState<UndoOutcome | null>(null);
  const [code, setCode] = useState('');
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<CheckinEntry[]>([]);
  const lastRead = useRef({ text: '', at: 0 });
  const mainRef = useRef<HTMLElement>(null);
  const ids = { device: useId(), code: useId(), search: useId(), results: useId() };
  useDocumentTitle(t('title'));

  useEffect(() => registerDoorWorker(), []);
  useEffect(() => linkDoorManifest(), []);
  useEffect(() => {
    if (eventId > 0) storeLastEvent(eventId);
  }, [eventId]);
  useEffect(() => mainRef.current?.focus({ preventScroll: true }), []);

  // The answer on screen follows the server's once it comes.
  const current = shown ? (door.scans.find((scan) => scan.nonce === shown.nonce) ?? shown) : null;
  const ready = door.listState === 'ready' && device.trim() !== '';

  // The search runs again when the text or the list changes (hashing a phone number is async).
  const entries = door.list?.entries;
  useEffect(() => {
    let live = true;
    void phoneHash(query).then((hash) => {
      if (live) setFound(search(entries ?? [], query, hash));
    });
    return () => {
      live = false;
    };
  }, [entries, query]);

  const show = (scan: Scan) => {
    setUndoNote(null);
    setShown(scan);
  };

  const onCamera = (text: string) => {
    const now = Date.now();
    if (text === lastRead.current.text && now - lastRead.current.at < SAME_CODE_MS) return;
    lastRead.current = { text, at: now };
    void door.scanCode(text).then(show);
  };

  const onCode = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    void door.scanCode(code).then(show);
    setCode('');
  };

  const onUndo = async (scan: Scan) => {
    const outcome = await door.undoScan(scan);
    setUndoNote(outcome);
    if (outcome === 'undone') setShown(null);
  };

  // In already, by the list or by a scan on this phone not yet sent.
  const inAt = (entry: CheckinEntry) =>
    firstCheckIn(entry, door.scans.filter((scan) => scan.ticket === entry.code_hash))?.checkedInAt ?? null;

  const takenAt = door.list ? dateAndTime(door.list.generated_at) : null;

  return (
    <main ref={mainRef} tabIndex={-1} className="checkin" id="checkin-content">
      <header className="checkin__top">
        <h1 className="checkin__title">{t('title')}</h1>
        <p className={`checkin__network checkin__network--${door.online ? 'online' : 'offline'}`}>
          {door.online ? t('online') : t('offline')}
        </p>
      </header>

      <section className="checkin__status" aria-label={t('statusLabel')}>
        <p role="status" className={`checkin__waiting${door.waiting ? ' checkin__waiting--some' : ''}`}>
          {t('waiting', { count: door.waiting })}
        </p>
        {door.listState === 'ready' && door.list && takenAt && (
          <p className="checkin__list-age">{t('listKept', { count: door.list.entries.length, date: takenAt.date, time: takenAt.time })}</p>
        )}
        {door.listState === 'none' && <p className="checkin__warning">{t('noList')}</p>}
        {door.downloadFailed && <p className="checkin__warning">{t('downloadFailed')}</p>}
        <button type="button" className="button button--secondary" onClick={() => void door.refresh()} disabled={!door.online || door.downloading} aria-busy={door.downloading}>
          {door.downloading ? t('downloading') : door.list ? t('downloadAgain') : t('download')}
        </button>
      </section>

      <div className="checkin__device">
        <label htmlFor={ids.device}>{t('deviceLabel')}</label>
        <input
          id={ids.device}
          className="input"
          value={device}
          maxLength={40}
          placeholder={t('devicePlaceholder')}
          autoComplete="off"
          onChange={(event) => {
            setDevice(event.target.value);
            storeDeviceName(event.target.value.trim());
          }}
        />
        {!device.trim() && <p className="checkin__hint">{t('deviceNeeded')}</p>}
      </div>

      <div aria-live="assertive" aria-atomic="true" className="checkin__answer-region">
        {current && <ScanAnswer scan={current} onUndo={() => void onUndo(current)} />}
        {undoNote && <p className="checkin__undo-note">{t(`undo.${undoNote}`)}</p>}
      </div>

      <CameraScanner disabled={!ready} onCode={onCamera} />

      <form className="checkin__form" onSubmit={onCode}>
        <label htmlFor={ids.code}>{t('codeLabel')}</label>
        <div className="checkin__row">
          <input id={ids.code} className="input" value={code} autoComplete="off" autoCapitalize="off" spellCheck={false} onChange={(event) => setCode(event.target.value)} />
          <button type="submit" className="button button--primary" disabled={!ready}>
            {t('checkIn')}
          </button>
        </div>
      </form>

      <section className="checkin__search" aria-labelledby={ids.search}>
        <label id={ids.search} htmlFor={`${ids.search}-input`}>
          {t('searchLabel')}
        </label>
        <input
          id={`${ids.search}-input`}
          className="input"
          type="search"
          value={query}
          autoComplete="off"
          aria-describedby={ids.results}
          onChange={(event) => setQuery(event.target.value)}
        />
        <p id={ids.results} className="checkin__hint">
          {query.trim().length >= 2 ? t('found', { count: found.length }) : t('searchHint')}
        </p>
        <ul className="plain-list checkin__results">
          {found.map((entry) => (
            <li key={entry.code_hash} className="checkin__result">
              <span className="checkin__result-text">
                <span className="checkin__result-name">{entry.name}</span>
                <span className="checkin__result-meta">
                  {[entry.reference, inAt(entry) ? t('alreadyIn', { time: dateAndTime(inAt(entry)).time }) : t(`status.${entry.status}`)]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
              <button
                type="button"
                className="button button--primary"
                disabled={!ready}
                aria-label={t('checkInPerson', { name: entry.name })}
                onClick={() => void door.checkInEntry(entry).then(show)}
              >
                {t('checkIn')}
              </button>
            </li>
          ))}
        </ul>
      </section>

      <p className="checkin__back">
        <Link to={`/dashboard/registrations/${eventId}`}>{t('back')}</Link>
      </p>
    </main>
  );
}
