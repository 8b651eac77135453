import { expect } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** One .eml file of the backend's mail directory. */
export interface Mail {
  name: string;
  raw: string;
}

/** The .eml files in `dir` (none if it does not exist yet), optionally leaving out known names. */
export async function readMails(dir: string, except: ReadonlySet<string> = new Set()): Promise<Mail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml') && !except.has(name));
  } catch {
    return [];
  }
  return Promise.all(names.map(async (name) => ({ name, raw: await readFile(path.join(dir, name), 'utf8') })));
}

/** A header's value, unfolded (RFC 5322 folding: a line break followed by white space). */
export function header(mail: string, name: string): string {
  const head = mail.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '') // soft line breaks
    .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodePart(part: string): string {
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const encoding = header(head, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/**
 * The readable text of every part of a MIME message, decoded (base64, quoted-printable), so
 * that a link is found whole whatever the encoder did to long lines.
 */
export function mailText(raw: string): string {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => match[1] ?? '');
  if (boundaries.length === 0) return decodePart(raw);
  const escaped = boundaries.map((boundary) => boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const parts = raw.split(new RegExp(`\\r?\\n--(?:${escaped.join('|')})(?:--)?`));
  return parts.map(decodePart).join('\n');
}

/** Waits (up to 30 s) until `dir` holds `count` e-mails to `to`; gives their decoded texts. */
export async function mailsTo(dir: string, to: string, count: number): Promise<string[]> {
  let found: Mail[] = [];
  await expect
    .poll(
      async () => {
        found = (await readMails(dir)).filter((mail) => header(mail.raw, 'To') === to);
        return found.length;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(count);
  return found.map((mail) => mailText(mail.raw));
}

/** The first link to `path` (for example '/my-registration') in a decoded e-mail text, made local. */
export function linkTo(text: string, path: string): string {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = text.match(new RegExp(`https?://[^\\s"<>]*${escaped}[^\\s"<>]*`));
  expect(match, `a link to ${path} in the e-mail`).toBeTruthy();
  const url = new URL(match?.[0] ?? '');
  return `${url.pathname}${url.search}${url.hash}`;
}
