/** Saving a file the app fetched itself (with the bearer token), under the server's name. */

/** The name in `Content-Disposition: attachment; filename="…"` (or `filename*=UTF-8''…`), if any. */
export function filenameFromDisposition(disposition: string | null | undefined): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoding: the plain name, if there is one, will do.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition);
  return (plain?.[1] ?? plain?.[2])?.trim() || undefined;
}

/** Hands `blob` to the browser as a download named `filename`. */
export function saveFile(blob: Blob, filename: string) {
  saveObjectUrl(URL.createObjectURL(blob), filename);
}

/** The same for a file already behind an object URL (`blob:…`), which it revokes once handed over. */
export function saveObjectUrl(url: string, filename: string) {
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

const BOM = '\uFEFF';

/**
 * A CSV text as a file. Reading the answer as text drops its byte-order mark; it goes back in,
 * so spreadsheets read the file as UTF-8 (accents in names survive).
 */
export function csvBlob(csv: string): Blob {
  return new Blob([csv.startsWith(BOM) ? csv : `${BOM}${csv}`], { type: 'text/csv;charset=utf-8' });
}
