import { activeLocale } from '../../lib/i18n';

/**
 * The kinds of file a resource may be (the server checks each file's content too; see
 * services/content/files.py): what the file input accepts and the word each type is shown as.
 */
export const ACCEPTED_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'png',
  'jpg',
  'jpeg',
  'webp',
] as const;

/** The `accept` attribute of the file input. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export function hasAcceptedExtension(name: string): boolean {
  const extension = name.includes('.') ? name.split('.').pop()?.toLowerCase() : undefined;
  return (ACCEPTED_EXTENSIONS as readonly string[]).includes(extension ?? '');
}

const KIND_OF_TYPE: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/msword': 'word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'word',
  'application/vnd.ms-excel': 'excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'excel',
  'application/vnd.ms-powerpoint': 'powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'powerpoint',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/webp': 'image',
};

/** The key (under `fileTypes.` of the resources texts) of a stored file's type; '' when unknown. */
export function fileKindKey(contentType: string): string {
  return KIND_OF_TYPE[contentType] ?? '';
}

/** A file size for people, in the active language's units: '0.6 kB', '12 kB', '2.4 MB'. */
export function formatFileSize(bytes: number | null | undefined, locale = activeLocale()): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  const megabytes = bytes >= 1024 * 1024;
  const value = megabytes ? bytes / 1024 / 1024 : bytes / 1024;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
