/**
 * Saving a CSV the app fetched itself (with the bearer token). A stand-in until the
 * registrations feature's save-file moves to src/lib for both features to share.
 */
export function saveCsv(csv: string, filename: string) {
  // Reading the answer as text drops its byte-order mark; it goes back in, so that
  // spreadsheets read the file as UTF-8 (accents in names survive).
  const text = csv.startsWith('\uFEFF') ? csv : `\uFEFF${csv}`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click's task: some browsers read the URL only once the click has been handled.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
