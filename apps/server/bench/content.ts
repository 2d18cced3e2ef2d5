import { performance } from 'node:perf_hooks';
import type { components } from '@quire/contract';
import { startBenchApp } from './bench-app.js';

// pnpm bench (content): builds a 10,000-page change request through batches of 50 on an SQLite
// file, then measures, in process through the typed client (no sockets, so the figures are the
// server's own work): a one-page edit (time, and rows it wrote), a read of the whole page tree,
// and a read of one page as Markdown and as a document. BENCH_PAGES and BENCH_RUNS override.
const pages = Number(process.env.BENCH_PAGES ?? 10_000);
const runs = Number(process.env.BENCH_RUNS ?? 30);

type Change = components['schemas']['ContentChange'];

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

function pageMarkdown(index: number): string {
  return `# Page ${index}\n\nSome text about topic ${index}, with **bold** and \`code\`.\n\n- one\n- two\n`;
}

async function main(): Promise<void> {
  const {
    app,
    client,
    db,
    organizationId,
    baseUrl: base,
    token,
    close,
  } = await startBenchApp({
    name: 'content',
  });
  try {
    const space = await client.POST('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId } },
      body: { title: 'Big space' },
    });
    const spaceId = space.id;
    const changeRequestId = (
      await client.POST('/spaces/{spaceId}/change-requests', {
        params: { path: { spaceId } },
        body: { subject: 'Ten thousand pages' },
      })
    ).id;
    const path = { spaceId, changeRequestId };
    const apply = (changes: Change[]) =>
      client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
        params: { path, query: { compat: false } },
        body: { changes },
      });

    const buildStart = performance.now();
    const pageIds: string[] = [];
    for (let start = 0; start < pages; start += 50) {
      const batch: Change[] = [];
      for (let index = start; index < Math.min(pages, start + 50); index += 1) {
        batch.push({
          operation: 'insert_page',
          title: `Page ${index}`,
          document: { markdown: pageMarkdown(index) },
        });
      }
      const result = await apply(batch);
      for (const change of 'changes' in result ? result.changes : []) {
        if (change.object === 'created_page') pageIds.push(change.page.id);
      }
    }
    const buildSeconds = (performance.now() - buildStart) / 1000;

    const rowCount = async () => {
      const count = async (table: 'content_objects' | 'revisions') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('count'))
              .executeTakeFirstOrThrow()
          ).count,
        );
      return (await count('content_objects')) + (await count('revisions'));
    };

    const pick = (run: number) => pageIds[(run * 7919) % pageIds.length] ?? '';
    const editTimes: number[] = [];
    const editRows: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const before = await rowCount();
      const started = performance.now();
      await apply([
        {
          operation: 'update_page',
          page: pick(run),
          document: { markdown: `${pageMarkdown(run)}\nEdited in run ${run}.\n` },
        },
      ]);
      editTimes.push(performance.now() - started);
      // The objects and the revision it inserted, plus the change request row it moved.
      editRows.push((await rowCount()) - before + 1);
    }

    // The tree read is timed to the last byte of the answer; a client's parse of those 5 MB of
    // JSON is its own cost, not the server's.
    const treeUrl = `${base}/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content/pages`;
    const treeTimes: number[] = [];
    let treeBytes = 0;
    for (let run = 0; run < Math.min(runs, 15); run += 1) {
      const started = performance.now();
      const response = await app.fetch(
        new Request(treeUrl, { headers: { Authorization: `Bearer ${token}` } }),
      );
      treeBytes = (await response.text()).length;
      treeTimes.push(performance.now() - started);
    }
    const treePages = (
      await client.GET('/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages', {
        params: { path },
      })
    ).pages.length;

    const readTimes = async (format: 'markdown' | 'document', offset: number) => {
      const times: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const started = performance.now();
        await client.GET(
          '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}',
          {
            params: { path: { ...path, pageId: pick(run + offset) }, query: { format } },
          },
        );
        times.push(performance.now() - started);
      }
      return times;
    };
    const markdownFirst = await readTimes('markdown', 1000);
    const markdownCached = await readTimes('markdown', 1000);
    const documentReads = await readTimes('document', 2000);

    // Merges: the 10,000 pages land in the space, then each run opens two change requests on
    // it that edit 10 pages each, merges one, and times the three-way merge of the other.
    await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
      params: { path },
    });
    const editTen = async (offset: number, run: number) => {
      const id = (
        await client.POST('/spaces/{spaceId}/change-requests', {
          params: { path: { spaceId } },
          body: { subject: `Ten edits ${run}` },
        })
      ).id;
      await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
        params: { path: { spaceId, changeRequestId: id } },
        body: {
          changes: Array.from({ length: 10 }, (_, index) => ({
            operation: 'update_page' as const,
            page: pick(offset + run * 20 + index),
            document: { markdown: `${pageMarkdown(index)}\nMerge run ${run}.\n` },
          })),
        },
      });
      return id;
    };
    const mergeTimes: number[] = [];
    const mergeRows: number[] = [];
    for (let run = 0; run < Math.min(runs, 15); run += 1) {
      const theirs = await editTen(5000, run);
      const ours = await editTen(5010, run);
      await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
        params: { path: { spaceId, changeRequestId: ours } },
      });
      const before = await rowCount();
      const started = performance.now();
      const merged = await client.POST(
        '/spaces/{spaceId}/change-requests/{changeRequestId}/merge',
        {
          params: { path: { spaceId, changeRequestId: theirs } },
        },
      );
      mergeTimes.push(performance.now() - started);
      if (merged.result !== 'merge')
        throw new Error(`Merge ${run} did not merge: ${merged.result}`);
      // Objects and the revision it inserted, plus the space and change request rows it moved.
      mergeRows.push((await rowCount()) - before + 2);
    }

    const line = (label: string, value: string, aim: string) =>
      console.log(`  ${label.padEnd(34)} ${value.padStart(12)}   ${aim}`);
    console.log(
      `Content: ${pageIds.length} pages at the top level of one change request (built in ${buildSeconds.toFixed(1)} s, ${Math.ceil(pages / 50)} batches of 50), ${runs} runs each, median`,
    );
    line('one-page edit, time', `${median(editTimes).toFixed(2)} ms`, 'aim ≤ 5 ms');
    line(
      'one-page edit, rows written',
      `${median(editRows)} rows`,
      `aim ≤ 20 (max ${Math.max(...editRows)})`,
    );
    line(
      `page tree read (${treePages} pages, ${(treeBytes / 1e6).toFixed(1)} MB)`,
      `${median(treeTimes).toFixed(1)} ms`,
      'aim ≤ 50 ms',
    );
    line(
      'page read, Markdown (first render)',
      `${median(markdownFirst).toFixed(2)} ms`,
      'aim ≤ 2 ms',
    );
    line(
      'page read, Markdown (rendered before)',
      `${median(markdownCached).toFixed(2)} ms`,
      'aim ≤ 2 ms',
    );
    line('page read, document', `${median(documentReads).toFixed(2)} ms`, 'aim ≤ 2 ms');
    line('merge, 10 pages each side', `${median(mergeTimes).toFixed(1)} ms`, 'aim ≤ 50 ms');
    line('merge, rows written', `${median(mergeRows)} rows`, `max ${Math.max(...mergeRows)}`);
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
