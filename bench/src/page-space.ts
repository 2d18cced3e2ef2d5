import type { QuireUnderTest } from './bench-processes.js';

// The space the benches read: pages of pseudo-words, built over HTTP like a writer would.

/** Words the pages are written in: pseudo-words, so that searches hit a few pages each. */
const vocabulary = Array.from({ length: 3000 }, (_, index) => {
  const syllables = ['ka', 'lo', 'mi', 'ra', 'te', 'su', 'vo', 'ne', 'pi', 'da', 'go', 'fe'];
  let word = '';
  for (let rest = index + 12; rest > 0; rest = Math.floor(rest / 12)) {
    word += syllables[rest % 12];
  }
  return word;
});
export const wordAt = (seed: number) =>
  vocabulary[(seed * 7919 + 17) % vocabulary.length] ?? 'word';

export function pageMarkdown(index: number): string {
  const sentence = (offset: number) =>
    Array.from({ length: 12 }, (_, word) => wordAt(index * 31 + offset * 13 + word)).join(' ');
  return [
    `# ${wordAt(index)} ${wordAt(index + 1)}`,
    '',
    `${sentence(0)}, with **${wordAt(index + 2)}** and \`${wordAt(index + 3)}\`.`,
    '',
    `## ${wordAt(index + 4)}`,
    '',
    `${sentence(1)}.`,
    '',
    `- ${sentence(2)}`,
    `- ${sentence(3)}`,
    '',
  ].join('\n');
}

/**
 * Builds a space of `pageCount` pages (`markdownOf` each), in one change request in batches of
 * `batchSize`, then merged.
 */
export async function buildSpace(
  quire: QuireUnderTest,
  pageCount: number,
  batchSize: number,
  markdownOf: (index: number) => string = pageMarkdown,
): Promise<{ spaceId: string; seconds: number }> {
  const { client, organizationId } = quire;
  const started = performance.now();
  const space = await client.POST('/orgs/{organizationId}/spaces', {
    params: { path: { organizationId } },
    body: { title: 'Big space' },
  });
  const changeRequest = await client.POST('/spaces/{spaceId}/change-requests', {
    params: { path: { spaceId: space.id } },
    body: { subject: `${pageCount} pages` },
  });
  const path = { spaceId: space.id, changeRequestId: changeRequest.id };
  for (let start = 0; start < pageCount; start += batchSize) {
    await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
      params: { path, query: { compat: false } },
      body: {
        changes: Array.from({ length: Math.min(batchSize, pageCount - start) }, (_, offset) => ({
          operation: 'insert_page' as const,
          title: `Page ${start + offset} ${wordAt(start + offset)}`,
          document: { markdown: markdownOf(start + offset) },
        })),
      },
    });
  }
  await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
    params: { path },
  });
  return { spaceId: space.id, seconds: (performance.now() - started) / 1000 };
}

/** Edits one page of the space as a writer does: a change request of its own, merged. */
export async function editPage(
  quire: QuireUnderTest,
  spaceId: string,
  pageId: string,
  markdown: string,
): Promise<void> {
  const { client } = quire;
  const changeRequestId = (
    await client.POST('/spaces/{spaceId}/change-requests', {
      params: { path: { spaceId } },
      body: { subject: 'One edit' },
    })
  ).id;
  const path = { spaceId, changeRequestId };
  await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
    params: { path, query: { compat: false } },
    body: { changes: [{ operation: 'update_page', page: pageId, document: { markdown } }] },
  });
  await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
    params: { path },
  });
}
