import { buildZip, type ZipEntryFixture } from '../test/support/zip-fixtures.js';

/** A zip laid out as GitBook's Git sync writes a space, and what it holds. */
export interface GitBookZip {
  bytes: Buffer;
  /** Pages the summary lists (every one a Markdown file of the zip). */
  pages: number;
  /** Parts of the summary (`## …`): pages holding only pages. */
  parts: number;
  /** Images under `.gitbook/assets/`. */
  images: number;
  /** The pages' Markdown files, in the summary's order. */
  markdowns: string[];
}

// A 1×1 PNG; each image gets a different trailing chunk so every file is its own blob.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const words = (
  'page space content import reader writer server client request answer revision branch merge ' +
  'review install configure deploy token secret cluster node worker thread queue job table row ' +
  'index search query filter limit cursor batch stream buffer cache memory disk network route ' +
  'handler schema field value option default error retry timeout backup restore upgrade version ' +
  'release feature account member team role policy audit event webhook integration site domain'
).split(' ');

/** A seeded generator, so every run builds the same zip. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface PageFile {
  path: string;
  title: string;
  children: PageFile[];
}

/**
 * Builds a GitBook-style zip of `pageCount` pages: a `SUMMARY.md` with parts (`## …`), folders
 * nested three deep with a `README.md` landing page each, pages of a few KB mixing headings,
 * inline marks, lists, task lists, code, tables, quotes, `{% hint %}`, `{% tabs %}` and
 * `{% embed %}` blocks, links to other pages and images under `.gitbook/assets/` referred to by
 * relative path.
 * @example const zip = buildGitBookZip(1000);
 */
export function buildGitBookZip(pageCount: number, seed = 1): GitBookZip {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const between = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const imageNames = Array.from({ length: Math.max(1, Math.ceil(pageCount / 8)) }, (_, index) =>
    index % 5 === 0 ? `image (${index}).png` : `screenshot-${index}.png`,
  );

  // The tree: parts of sections of pages, some pages with pages under them.
  const parts: { title: string; pages: PageFile[] }[] = [];
  const all: PageFile[] = [];
  const add = (path: string, title: string, into: PageFile[]): PageFile => {
    const page = { path, title, children: [] };
    into.push(page);
    all.push(page);
    return page;
  };
  const intro = { title: 'Introduction', pages: [] as PageFile[] };
  parts.push(intro);
  add('README.md', 'Welcome', intro.pages);
  for (let part = 1; all.length < pageCount; part += 1) {
    const current = { title: `Part ${part}: ${title(pick, 2)}`, pages: [] as PageFile[] };
    parts.push(current);
    for (let section = 1; section <= 6 && all.length < pageCount; section += 1) {
      const folder = `part-${part}/section-${section}`;
      const landing = add(`${folder}/README.md`, title(pick, 2), current.pages);
      for (let leaf = 1; leaf <= between(8, 24) && all.length < pageCount; leaf += 1) {
        const page = add(`${folder}/${slug(pick)}-${leaf}.md`, title(pick, 3), landing.children);
        for (let sub = 1; sub <= (next() < 0.2 ? between(1, 4) : 0); sub += 1) {
          if (all.length >= pageCount) break;
          add(`${folder}/details/${leaf}-${sub}.md`, title(pick, 3), page.children);
        }
      }
    }
  }

  const summary = ['# Table of contents', ''];
  const list = (pages: readonly PageFile[], depth: number) => {
    for (const page of pages) {
      summary.push(`${'  '.repeat(depth)}* [${page.title}](${encodeURI(page.path)})`);
      list(page.children, depth + 1);
    }
  };
  for (const part of parts) {
    if (part !== intro) summary.push('', `## ${part.title}`, '');
    list(part.pages, 0);
  }

  const entries: ZipEntryFixture[] = [{ name: 'SUMMARY.md', data: `${summary.join('\n')}\n` }];
  const markdowns = all.map((page) => pageMarkdown(page, { next, pick, between, all, imageNames }));
  for (const [index, page] of all.entries()) {
    entries.push({ name: page.path, data: markdowns[index] ?? '' });
  }
  for (const [index, name] of imageNames.entries()) {
    const bytes = Buffer.concat([png, Buffer.from(`image ${index}`)]);
    entries.push({ name: `.gitbook/assets/${name}`, data: bytes });
  }
  return {
    bytes: buildZip(entries),
    pages: all.length,
    parts: parts.length - 1,
    images: imageNames.length,
    markdowns,
  };
}

type Pick = <T>(items: readonly T[]) => T;

interface Writer {
  next: () => number;
  pick: Pick;
  between: (low: number, high: number) => number;
  all: readonly PageFile[];
  imageNames: readonly string[];
}

function title(pick: Pick, length: number): string {
  const text = Array.from({ length }, () => pick(words)).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function slug(pick: Pick): string {
  return `${pick(words)}-${pick(words)}`;
}

/** `to`'s path as a link from the page at `from`. */
function relative(from: string, to: string): string {
  const up = from.split('/').length - 1;
  return `${'../'.repeat(up)}${to}`;
}

function sentence(writer: Writer): string {
  const { pick, between, next, all } = writer;
  const parts: string[] = [];
  for (let index = between(8, 20); index > 0; index -= 1) {
    const word = pick(words);
    const roll = next();
    if (roll < 0.05) parts.push(`**${word}**`);
    else if (roll < 0.09) parts.push(`_${word}_`);
    else if (roll < 0.13) parts.push(`\`${word}()\``);
    else if (roll < 0.15) parts.push(`[${word}](https://example.com/${word})`);
    else if (roll < 0.17) parts.push(`[${word}](${pick(all).path.split('/').pop()})`);
    else parts.push(word);
  }
  const text = parts.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function paragraph(writer: Writer): string {
  return Array.from({ length: writer.between(2, 5) }, () => sentence(writer)).join(' ');
}

function block(page: PageFile, writer: Writer): string {
  const { pick, between, imageNames } = writer;
  switch (between(0, 9)) {
    case 0:
      return Array.from({ length: between(3, 6) }, (_, index) =>
        index % 3 === 2 ? `  - ${sentence(writer)}` : `- ${sentence(writer)}`,
      ).join('\n');
    case 1:
      return Array.from(
        { length: between(3, 6) },
        (_, index) => `${index + 1}. ${sentence(writer)}`,
      ).join('\n');
    case 2: {
      const language = pick(['javascript', 'bash', 'json', 'yaml', 'python']);
      const lines = Array.from(
        { length: between(4, 14) },
        (_, index) => `${'  '.repeat(index % 3)}${pick(words)}_${index} = "${pick(words)}";`,
      );
      return `\`\`\`${language}\n${lines.join('\n')}\n\`\`\``;
    }
    case 3: {
      const columns = between(3, 4);
      const header = Array.from({ length: columns }, () => title(pick, 1));
      const rows = Array.from({ length: between(3, 7) }, () =>
        Array.from({ length: columns }, () => `${pick(words)} ${pick(words)}`),
      );
      return [header, header.map(() => '---'), ...rows]
        .map((row) => `| ${row.join(' | ')} |`)
        .join('\n');
    }
    case 4: {
      const image = pick(imageNames);
      const target = relative(page.path, `.gitbook/assets/${image}`);
      return `![${title(pick, 2)}](${encodeURI(target)})`;
    }
    case 5: {
      const style = pick(['info', 'warning', 'danger', 'success']);
      return `{% hint style="${style}" %}\n${paragraph(writer)}\n{% endhint %}`;
    }
    case 6: {
      const tabs = ['npm', 'yarn', 'pnpm'].map(
        (tab) =>
          `{% tab title="${tab}" %}\n\`\`\`bash\n${tab} add ${pick(words)}\n\`\`\`\n{% endtab %}`,
      );
      return `{% tabs %}\n${tabs.join('\n\n')}\n{% endtabs %}`;
    }
    case 7:
      return `> ${sentence(writer)}\n> ${sentence(writer)}`;
    case 8:
      return Array.from(
        { length: between(2, 5) },
        (_, index) => `- [${index % 2 === 0 ? 'x' : ' '}] ${sentence(writer)}`,
      ).join('\n');
    default:
      return writer.next() < 0.3
        ? `{% embed url="https://www.youtube.com/watch?v=${pick(words)}" %}`
        : paragraph(writer);
  }
}

function pageMarkdown(page: PageFile, writer: Writer): string {
  const sections: string[] = [`# ${page.title}`, paragraph(writer)];
  for (let section = writer.between(2, 4); section > 0; section -= 1) {
    sections.push(`## ${title(writer.pick, 3)}`, paragraph(writer));
    for (let index = writer.between(1, 3); index > 0; index -= 1) {
      sections.push(block(page, writer));
      if (writer.next() < 0.3) sections.push(`### ${title(writer.pick, 2)}`, paragraph(writer));
    }
  }
  return `${sections.join('\n\n')}\n`;
}
