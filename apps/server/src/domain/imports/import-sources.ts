import type { components } from '@quire/contract';
import { invalid } from '../../errors.js';

/** Every source a client may name, as the contract lists them. */
export type ImportSource = components['schemas']['ImportSource'];

/** The sources Quire imports; the others are refused with a 400 naming these. */
export const supportedImportSources = ['markdown', 'html', 'zip', 'website', 'docx'] as const;

export type SupportedImportSource = (typeof supportedImportSources)[number];

/** `source` when Quire imports it, else a 400 naming the ones it does. */
export function requireSupportedSource(source: ImportSource): SupportedImportSource {
  if (!isSupported(source)) {
    throw invalid(
      `Importing from ${source} is not supported; the supported sources are ${supportedImportSources.join(', ')}`,
    );
  }
  return source;
}

function isSupported(source: string): source is SupportedImportSource {
  return (supportedImportSources as readonly string[]).includes(source);
}

/** What reading a source needs from outside: fetches through the outbound guard, conversions. */
export interface ImportServices {
  /**
   * Fetches a URL through the outbound guard, within `maxBytes`: the final URL, the content
   * type and the body of a 2xx answer; `undefined` for other statuses when `optional`, else a
   * 400 saying why.
   */
  fetch(
    url: string,
    options: { maxBytes: number; optional?: boolean },
  ): Promise<{ url: string; contentType: string | undefined; body: Buffer } | undefined>;
  /** HTML → Markdown, on a worker thread when large. */
  fromHtml(html: string): Promise<string>;
}
