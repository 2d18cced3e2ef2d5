import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Document, documentToMarkdown, readMarkdown } from '@quire/document';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRenderedMarkdownCache } from '../src/caches/rendered-markdown-cache.js';
import { canonicalJson, contentHash } from '../src/domain/content/canonical-json.js';
import { ContentObjects } from '../src/domain/content/content-objects.js';
import { documentObject, storedFormOf } from '../src/domain/content/document-objects.js';
import { openDatabase } from '../src/store/database/dialect.js';
import { createDocumentConverter } from '../src/workers/document-converter.js';

const run = promisify(execFile);
const tsx = join(import.meta.dirname, '../../../node_modules/.bin/tsx');
const threadsCheck = join(import.meta.dirname, 'support/converter-threads.ts');

// Converting the large page takes seconds on a slow machine; no test here asserts speed.
const slow = { timeout: 120_000 };

const hintStyles = ['info', 'success', 'warning', 'danger'] as const;
const languages = ['ts', 'sh', 'json', 'python'] as const;
const orderedList = '\n1. Install\n2. Run `quire init`\n3. Start\n';
const taskList = '\n- [x] Tests written\n- [ ] Docs reviewed\n';

/** One section of a documentation page; `index` varies its shape and text. */
function pageSection(index: number): string {
  const heading = '#'.repeat(2 + (index % 3));
  const hintStyle = hintStyles[index % hintStyles.length];
  const language = languages[index % languages.length];
  return `${heading} Section ${index}: configuring *part ${index}*

Settings come from \`config-${index}.yaml\`; see [the guide](guide/setup-${index % 5}.md)
and **the [API](https://example.com/v${index % 3})**, with ~~old~~ options noted. 🎉

- Item with \`code ${index}\`
- Item with a [link](reference/options.md)
  - Nested item **${index}**
${index % 2 === 0 ? orderedList : taskList}
| Option | Type | Default |
|:-------|:----:|--------:|
| \`port\` | number | ${8000 + index} |
| \`host\` | string | \`0.0.0.0\` |

\`\`\`${language}
const value${index} = compute(${index}); // line ${index}
\`\`\`

{% hint style="${hintStyle}" %}
Restart after changing **option ${index}**.
{% endhint %}

> Tip ${index}: keep secrets out of the file.
`;
}

/** A page of varied sections of at least `targetBytes` of UTF-8. */
function markdownPage(targetBytes: number): string {
  const sections: string[] = [];
  let bytes = 0;
  for (let index = 0; bytes < targetBytes; index++) {
    const section = pageSection(index);
    sections.push(section);
    bytes += Buffer.byteLength(section) + 1;
  }
  return sections.join('\n');
}

/**
 * Runs `convert` with a callback queued on the event loop just before, and answers in which
 * order the two finished: a conversion on the calling thread finishes before the loop turns.
 */
async function orderOfEvents(convert: () => Promise<unknown>): Promise<string[]> {
  const events: string[] = [];
  const turned = new Promise<void>((resolve) =>
    setImmediate(() => {
      events.push('event loop turned');
      resolve();
    }),
  );
  await convert();
  events.push('converted');
  await turned;
  return events;
}

const smallMarkdown = `# Small page

Some *text* with a [link](other.md).

{% hint style="info" %}
A hint.
{% endhint %}

<div>kept verbatim</div>
`;
// Four times what converts inline (16 KiB): large enough for a worker, quick enough to convert.
const largeBytes = 64 * 1024;
const largeMarkdown = markdownPage(largeBytes);

describe('document converter', () => {
  const converter = createDocumentConverter();
  let largeExpected: ReturnType<typeof readMarkdown>;

  beforeAll(() => {
    largeExpected = readMarkdown(largeMarkdown);
  }, slow.timeout);
  afterAll(() => converter.close());

  it('converts a small page as @quire/document does, both ways', async () => {
    const expected = readMarkdown(smallMarkdown);
    expect(expected.warnings).not.toEqual([]);
    expect(await converter.fromMarkdown(smallMarkdown)).toStrictEqual(expected);
    expect(await converter.toMarkdown(expected.document)).toBe(
      documentToMarkdown(expected.document),
    );
  });

  it('converts a large page on a worker as @quire/document does, both ways', slow, async () => {
    expect(Buffer.byteLength(largeMarkdown)).toBeGreaterThan(largeBytes);
    expect(await converter.fromMarkdown(largeMarkdown)).toStrictEqual(largeExpected);
    expect(await converter.toMarkdown(largeExpected.document)).toBe(
      documentToMarkdown(largeExpected.document),
    );
  });

  it(
    'stores a large page as the worker wrote it out: the text and hash the main thread would make',
    slow,
    async () => {
      const { document } = await converter.fromMarkdown(largeMarkdown);
      const object = documentObject(document);
      const expectedText = canonicalJson({ kind: 'document', document: largeExpected.document });
      expect(storedFormOf(object)).toEqual({ text: expectedText, hash: contentHash(expectedText) });
      const { db } = openDatabase('sqlite::memory:');
      try {
        expect(new ContentObjects(db).put(object)).toBe(contentHash(expectedText));
        // A body made on the main thread has no kept form: it is written out when stored.
        expect(storedFormOf(documentObject(largeExpected.document))).toBeUndefined();
        expect(new ContentObjects(db).put(documentObject(largeExpected.document))).toBe(
          contentHash(expectedText),
        );
      } finally {
        await db.destroy();
      }
    },
  );

  it(
    'reads many pages in order, a large batch on the workers, and HTML both ways',
    slow,
    async () => {
      const pages = Array.from(
        { length: 12 },
        (_, index) => `${markdownPage(4 * 1024)}\n# Page ${index}\n`,
      );
      const expected = pages.map((page) => readMarkdown(page).document);
      expect(await converter.fromMarkdownMany(pages)).toStrictEqual(expected);
      expect(await orderOfEvents(() => converter.fromMarkdownMany(pages))).toEqual([
        'event loop turned',
        'converted',
      ]);
      expect(await converter.fromMarkdownMany([])).toEqual([]);
      const html = '<h2>Setup</h2><p>Run <code>quire</code>.</p>';
      expect(await converter.fromHtml(html)).toBe('## Setup\n\nRun `quire`.\n');
      const largeHtml = `<h2>Big</h2>${'<p>Some words in a paragraph.</p>'.repeat(2000)}`;
      expect(await converter.fromHtml(largeHtml)).toMatch(
        /^## Big\n\nSome words in a paragraph\.\n/,
      );
    },
  );

  it(
    'lets the event loop run during a large conversion, which inline conversion does not',
    slow,
    async () => {
      const inline = createDocumentConverter({ inlineBelowBytes: Number.POSITIVE_INFINITY });
      const { document } = largeExpected;
      expect(await orderOfEvents(() => inline.fromMarkdown(largeMarkdown))).toEqual([
        'converted',
        'event loop turned',
      ]);
      expect(await orderOfEvents(() => inline.toMarkdown(document))).toEqual([
        'converted',
        'event loop turned',
      ]);
      expect(await orderOfEvents(() => converter.fromMarkdown(largeMarkdown))).toEqual([
        'event loop turned',
        'converted',
      ]);
      expect(await orderOfEvents(() => converter.toMarkdown(document))).toEqual([
        'event loop turned',
        'converted',
      ]);
    },
  );

  it("rejects with the worker's error, as inline conversion throws it", slow, async () => {
    // No Markdown fails to read, so the failure is a document no reader produces.
    const unknownBlock: Document = JSON.parse(
      '{"object":"document","nodes":[{"object":"block","type":"no-such-block","nodes":[]}]}',
    );
    const nullNodes: Document = JSON.parse('{"object":"document","nodes":null}');
    const everythingOnWorkers = createDocumentConverter({ inlineBelowBytes: 0 });
    try {
      for (const broken of [unknownBlock, nullNodes]) {
        const thrown = inlineError(() => documentToMarkdown(broken));
        const rejection = everythingOnWorkers.toMarkdown(broken);
        await expect(rejection).rejects.toBeInstanceOf(Error);
        await expect(rejection).rejects.toMatchObject({
          name: thrown.name,
          message: thrown.message,
        });
      }
    } finally {
      await everythingOnWorkers.close();
    }
  });

  it.runIf(process.platform === 'linux')(
    'starts a thread only for a large input; close() ends it, fails what runs, and may repeat',
    slow,
    async () => {
      // Counted in a process of its own: here, other tests' pools start and end threads.
      const { stdout } = await run(tsx, ['--conditions=quire-source', threadsCheck]);
      const seen = JSON.parse(stdout) as Record<string, number | string | undefined>;
      expect(seen.afterSmall).toBe(seen.before);
      expect(seen.afterLarge).toBeGreaterThan(Number(seen.before));
      expect(seen.convertingWhileClosing).toBe('The document converter is closed');
      expect(seen.afterClose).toBe(seen.before);
      expect(seen.afterClosing).toBe('The document converter is closed');
    },
  );
});

function inlineError(convert: () => unknown): Error {
  try {
    convert();
  } catch (error) {
    if (error instanceof Error) return error;
  }
  throw new Error('expected the conversion to throw an Error');
}

describe('rendered Markdown cache', () => {
  /** A render that counts its calls and resolves only when told to. */
  function controlledRender(markdown: string) {
    let finish = (): void => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const render = async () => {
      render.calls++;
      await finished;
      return markdown;
    };
    render.calls = 0;
    return { render, finish };
  }

  it('renders a document once and answers later gets from the cache', async () => {
    const cache = createRenderedMarkdownCache({ maxCharacters: 1024 });
    const { render, finish } = controlledRender('# One\n');
    finish();
    expect(await cache.get(['relative', 'doc-1'], render)).toBe('# One\n');
    expect(await cache.get(['relative', 'doc-1'], render)).toBe('# One\n');
    expect(render.calls).toBe(1);
  });

  it('coalesces concurrent gets of one id into one render', async () => {
    const cache = createRenderedMarkdownCache({ maxCharacters: 1024 });
    const { render, finish } = controlledRender('# Shared\n');
    const gets = [
      cache.get(['relative', 'doc-1'], render),
      cache.get(['relative', 'doc-1'], render),
    ];
    finish();
    expect(await Promise.all(gets)).toEqual(['# Shared\n', '# Shared\n']);
    expect(render.calls).toBe(1);
  });

  it('evicts the least recently used renders when over its size in characters', async () => {
    const cache = createRenderedMarkdownCache({ maxCharacters: 10 });
    const first = controlledRender('123456');
    const second = controlledRender('abcdef');
    first.finish();
    second.finish();
    await cache.get(['relative', 'doc-1'], first.render);
    await cache.get(['relative', 'doc-2'], second.render);
    await cache.get(['relative', 'doc-2'], second.render);
    await cache.get(['relative', 'doc-1'], first.render);
    expect(second.render.calls).toBe(1);
    expect(first.render.calls).toBe(2);
  });

  it('does not cache a failed render', async () => {
    const cache = createRenderedMarkdownCache({ maxCharacters: 1024 });
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('document missing');
    };
    await expect(cache.get(['relative', 'doc-1'], failing)).rejects.toThrow('document missing');
    await expect(cache.get(['relative', 'doc-1'], failing)).rejects.toThrow('document missing');
    expect(calls).toBe(2);
  });
});
