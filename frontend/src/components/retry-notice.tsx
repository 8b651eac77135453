import './retry-notice.css';

interface Props {
  message: string;
  /** The button's text, and its text while the new attempt runs. */
  tryAgain: string;
  retrying: string;
  busy: boolean;
  onRetry: () => void;
}

/**
 * What could not load, with a Try Again button. Put it inside a role="alert" container that is
 * already on the page, so that it is announced when it appears.
 */
export function RetryNotice({ message, tryAgain, retrying, busy, onRetry }: Props) {
  return (
    <div className="notice notice--error retry-notice">
      <p>{message}</p>
      <button type="button" className="button button--secondary" onClick={onRetry} aria-busy={busy}>
        {busy ? retrying : tryAgain}
      </button>
    </div>
  );
}
