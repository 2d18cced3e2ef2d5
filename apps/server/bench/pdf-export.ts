import { performance } from 'node:perf_hooks';
import type { components } from '@quire/contract';
import { pino } from 'pino';
import { systemClock } from '../src/clock.js';
import { jobHandlers } from '../src/jobs/job-handlers.js';
import { createJobRunner } from '../src/jobs/job-runner.js';
import { startBenchApp } from './bench-app.js';

// pnpm bench (pdf-export): builds a space of 500 documentation pages (25 groups of 20, each page
// with headings, marked text, links to other pages, lists, a table, highlighted code, a hint and
// an image), then times a PDF export from the request to the last byte of the download: the
// operation, the job (run as soon as it is queued) and the download. Then the same request again,
// answered from the PDF made. BENCH_PDF_PAGES overrides the page count.
const pages = Number(process.env.BENCH_PDF_PAGES ?? 500);
const groupSize = 20;

type Change = components['schemas']['ContentChange'];

// A 1×1 PNG.
const pixel = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const languages = ['ts', 'sh', 'json', 'python', 'yaml'] as const;

function pageMarkdown(index: number): string {
  const language = languages[index % languages.length];
  const next = `page-${index + 1}.md`;
  return `Page ${index} explains **part ${index}** of the product, with *emphasis*, \`code\`, a [link to the next page](${next}) and [one to the web](https://example.com/${index}).

## Configure part ${index}

Settings live in \`config-${index}.yaml\`. Each is read when the server starts; change one and restart.

1. Open the file.
2. Change \`port\` to ${8000 + index}.
3. Restart the server.

- [x] Tested on Linux
- [ ] Tested on Windows

| Option | Type | Default |
| --- | --- | --- |
| \`port\` | number | ${8000 + index} |
| \`host\` | string | \`0.0.0.0\` |
| \`workers\` | number | ${index % 8} |

\`\`\`${language}
const value${index} = compute(${index}); // line ${index}
for (const item of items) console.log(item, ${index});
\`\`\`

{% hint style="info" %}
Restart after changing **option ${index}**.
{% endhint %}

### Troubleshooting

If part ${index} does not start, read the log. The most common mistakes are a port already in use, a file that is not valid YAML, and a missing permission on the data folder.

![Diagram ${index}](.gitbook/assets/pixel.png)
`;
}

async function main(): Promise<void> {
  const bench = await startBenchApp({ name: 'pdf-export' });
  const { client, organizationId, close, services } = bench;
  try {
    const jobs = createJobRunner({
      db: services.db,
      dialect: services.dialect,
      clock: systemClock,
      logger: pino({ level: 'silent' }),
      jobs: jobHandlers(services, { auditRetentionDays: 365 }),
    });
    const space = await client.POST('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId } },
      body: { title: 'PDF bench' },
    });
    const spaceId = space.id;
    const changeRequestId = (
      await client.POST('/spaces/{spaceId}/change-requests', {
        params: { path: { spaceId } },
        body: {},
      })
    ).id;
    const apply = (changes: Change[]) =>
      client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
        params: { path: { spaceId, changeRequestId } },
        body: { changes },
      });
    await apply([
      {
        operation: 'insert_files',
        files: [{ name: 'pixel.png', base64: pixel.toString('base64') }],
      },
    ]);
    for (let group = 0; group * groupSize < pages; group += 1) {
      const batch: Change[] = [
        {
          operation: 'insert_page',
          ref: 'group',
          type: 'group',
          title: `Part ${group}`,
          document: {},
        },
      ];
      for (
        let index = group * groupSize;
        index < Math.min(pages, (group + 1) * groupSize);
        index++
      ) {
        batch.push({
          operation: 'insert_page',
          into: 'group',
          title: `Page ${index}`,
          slug: `page-${index}`,
          document: { markdown: pageMarkdown(index) },
        });
      }
      await apply(batch);
    }
    await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
      params: { path: { spaceId, changeRequestId } },
    });

    const started = performance.now();
    const { url } = await client.GET('/spaces/{spaceId}/pdf', { params: { path: { spaceId } } });
    await jobs.runDue();
    const response = await bench.app.fetch(new Request(url));
    const bytes = new Uint8Array(await response.arrayBuffer());
    const seconds = (performance.now() - started) / 1000;
    if (response.status !== 200) throw new Error(`The download answered ${response.status}`);
    const pdfPages = new TextDecoder('latin1').decode(bytes).match(/\/Type \/Page\b/g)?.length;

    const againStarted = performance.now();
    const again = await client.GET('/spaces/{spaceId}/pdf', { params: { path: { spaceId } } });
    const againMs = performance.now() - againStarted;
    if (again.url.includes('/pdf-exports/')) throw new Error('The second request was not cached');

    const line = (label: string, value: string, aim: string) =>
      console.log(`  ${label.padEnd(34)} ${value.padStart(12)}   ${aim}`);
    console.log(
      `PDF export: a space of ${pages} pages (${Math.ceil(pages / groupSize)} groups), ${pdfPages ?? '?'} PDF pages, ${(bytes.length / 1e6).toFixed(1)} MB`,
    );
    line('export, request to last byte', `${seconds.toFixed(1)} s`, 'aim ≤ 30 s');
    line('same export again (made before)', `${againMs.toFixed(1)} ms`, 'aim ≤ 50 ms');
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
