import { resolveEmbed } from '../domain/embeds/resolve-embed.js';
import { loadReadableSpace } from '../domain/published/site-readers.js';
import { notFound } from '../errors.js';
import type { HandlerTable } from '../http/handler.js';
import { fetchForCaller } from '../outbound/fetch-for-caller.js';

type EmbedHandlers = Pick<HandlerTable, 'getEmbedByUrlInSpace'>;

// A page's head is near its start; what is past this is not read.
const pageBytes = 2 * 1024 * 1024;

/** Handlers of embeds: the preview of a URL a page of a space embeds. */
export const embedHandlers: EmbedHandlers = {
  getEmbedByUrlInSpace: async ({ params, query, actor, services }) => {
    await loadReadableSpace(
      services.db,
      actor,
      params.spaceId,
      services.shareKeys,
      services.clock.now(),
    );
    const { embed } = await services.caches.embeds.get(query.url, async () => ({
      embed:
        (await resolveEmbed(
          {
            fetch: (url) =>
              fetchForCaller(url, {
                allowPrivate: services.outboundAllowPrivate,
                maxBytes: pageBytes,
                failure: (at) => `The URL ${at} could not be fetched`,
                optional: true,
              }),
          },
          query.url,
        )) ?? null,
    }));
    if (embed === null) throw notFound(`${query.url} answers nothing to preview`);
    return { status: 200, body: embed };
  },
};
