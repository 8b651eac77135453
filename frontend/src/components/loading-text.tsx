/** Stands in for a short value that is still loading: holds its line's height, reads as nothing. */
export function LoadingText() {
  return <span className="loading-text" aria-hidden="true" />;
}
