// BugSmash's wire conventions: Laravel timestamps, short codes and review links, comment HTML, and
// the `{status:false, message}` error envelope.
import { randomBytes } from 'node:crypto';
import { ServiceError } from '../core/types.ts';

/** Laravel's timestamps: microseconds and `Z`. */
export const laravelTime = (date = new Date()) => date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

const CODE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const shortCode = () => [...randomBytes(5)].map((b) => CODE_CHARS[b % CODE_CHARS.length]).join('');
export const reviewLink = (code: string) => `https://app.bugsmash.io/review/${code}`;

function envelopeError(status: number, message: string, extra?: Record<string, unknown>): ServiceError {
  return new ServiceError({ status, body: { status: false, message, ...extra } });
}

export const notFound = (what: string) => envelopeError(404, `${what} not found`, { data: [] });
export const unprocessable = (field: string, message: string) =>
  envelopeError(422, message, { errors: { [field]: [message] } });

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
export const toHtml = (text: string) => `<p>${escapeHtml(text)}</p>`;
export const toPlainText = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** `{ status: true, message, data }` on HTTP 200. */
export const envelope = <D>(message: string, data: D) => ({
  status: 200 as const,
  body: { status: true, message, data },
});

/** `{ status: true, message }` on HTTP 200 (answers whose payload is not public). */
export const done = (message: string) => ({ status: 200 as const, body: { status: true, message } });
