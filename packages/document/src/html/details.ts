import { decodeHtmlText, encodeHtmlText } from './text.js';

const DETAILS_OPEN = /^<details( open)?>(?:\s*<summary>(.*)<\/summary>)?$/;
const SUMMARY = /^<summary>(.*)<\/summary>$/;

/**
 * The opening of an expandable: `<details>`, or `<details open>` for one shown expanded, with
 * its title when the summary is on it.
 */
export function readDetailsOpen(html: string): { title?: string; open?: true } | undefined {
  const match = DETAILS_OPEN.exec(html);
  if (!match) return undefined;
  const open = match[1] === undefined ? {} : { open: true as const };
  if (match[2] === undefined) return open;
  const title = decodeHtmlText(match[2]);
  return title === undefined ? undefined : { title, ...open };
}

/** Writes the opening of an expandable. */
export function writeDetailsOpen(open: boolean): string {
  return open ? '<details open>' : '<details>';
}

/** The title in a `<summary>…</summary>` HTML block. */
export function readSummary(html: string): string | undefined {
  const match = SUMMARY.exec(html);
  return match?.[1] === undefined ? undefined : decodeHtmlText(match[1]);
}

/** Writes the `<summary>` of an expandable. */
export function writeSummary(title: string): string {
  return `<summary>${encodeHtmlText(title)}</summary>`;
}

/** Whether an HTML block closes an expandable. */
export function isDetailsClose(html: string): boolean {
  return html === '</details>';
}
