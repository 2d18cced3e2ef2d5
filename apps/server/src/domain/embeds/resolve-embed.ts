import type { components } from '@quire/contract';
import { invalid } from '../../errors.js';
import { isRecord } from '../../is-record.js';
import type { FetchedForCaller } from '../../outbound/fetch-for-caller.js';
import { readPageHead } from './page-head.js';

type Embed = components['schemas']['Embed'];

/** What resolving an embed needs: a fetch through the outbound guard. */
export interface EmbedServices {
  /** The URL's answer, or `undefined` when it can't be had; one the guard refuses throws a 400. */
  fetch(url: string): Promise<FetchedForCaller | undefined>;
}

/**
 * What a URL a page embeds shows as (GitBook's `Embed`): the HTML its oEmbed answer gives
 * (`rich`), else a link card with the page's Open Graph title, site name and icon (`link`);
 * `undefined` for a URL that answers nothing usable.
 */
export async function resolveEmbed(
  services: EmbedServices,
  url: string,
): Promise<Embed | undefined> {
  const target = httpUrl(url);
  const page = await services.fetch(target.toString());
  if (page === undefined) return undefined;
  const site = target.hostname.replace(/^www\./, '');
  if (page.contentType !== 'text/html' && page.contentType !== 'application/xhtml+xml') {
    return { type: 'link', title: lastSegment(target) ?? site, site };
  }
  const head = readPageHead(page.body.toString('utf8'), page.url);
  const described = {
    title: head.title ?? site,
    site: head.siteName ?? site,
    ...(head.icon === undefined ? {} : { icon: head.icon }),
  };
  const oembed =
    head.oembedUrl === undefined ? undefined : await oembedOf(services, head.oembedUrl);
  if (oembed?.html !== undefined) {
    return {
      ...described,
      title: oembed.title ?? described.title,
      site: oembed.providerName ?? described.site,
      type: 'rich',
      html: oembed.html,
    };
  }
  return { ...described, type: 'link' };
}

function httpUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid('url must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid('url must be an absolute http(s) URL');
  }
  return url;
}

function lastSegment(url: URL): string | undefined {
  return url.pathname.split('/').filter(Boolean).at(-1);
}

/** The fields of an oEmbed answer a preview shows; a video or rich answer has HTML. */
async function oembedOf(
  services: EmbedServices,
  url: string,
): Promise<{ html?: string; title?: string; providerName?: string } | undefined> {
  let fetched: FetchedForCaller | undefined;
  try {
    fetched = await services.fetch(url);
  } catch {
    // An oEmbed link the guard refuses leaves the page's own card.
    return undefined;
  }
  if (fetched === undefined) return undefined;
  let answer: unknown;
  try {
    answer = JSON.parse(fetched.body.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isRecord(answer)) return undefined;
  const text = (name: string) =>
    typeof answer[name] === 'string' ? (answer[name] as string) : undefined;
  const html = answer.type === 'video' || answer.type === 'rich' ? text('html') : undefined;
  return {
    ...(html === undefined ? {} : { html }),
    ...(text('title') === undefined ? {} : { title: text('title') }),
    ...(text('provider_name') === undefined ? {} : { providerName: text('provider_name') }),
  };
}
