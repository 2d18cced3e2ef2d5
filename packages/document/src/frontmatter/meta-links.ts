/**
 * A page's meta links as GitBook's Git Sync writes them in the page's frontmatter: each target
 * a URL, or the path of a page file relative to this one (`./`, `../guide/install.md`).
 *
 * ```yaml
 * metaLinks:
 *   canonical: https://example.com/install
 *   alternates:
 *     - ../fr/installer.md
 *     - >-
 *       https://app.gitbook.com/s/Wpa2ykTaKZoySxzNtySN/getting-started/install-the-command-line
 * ```
 */
export interface FrontmatterMetaLinks {
  canonical?: string;
  alternates?: string[];
}

/** Where the `metaLinks` block is in the frontmatter's lines, and what it says. */
interface Block {
  start: number;
  end: number;
  links: FrontmatterMetaLinks;
}

// GitBook's YAML writer folds a value whose line would pass 80 characters onto its own line.
const lineWidth = 80;
const key = /^metaLinks:[ \t]*(?:#.*)?$/;

/**
 * The meta links of a page's frontmatter (its YAML, without the `---` lines); `undefined` when
 * it has none.
 * @example readFrontmatterMetaLinks('metaLinks:\n  canonical: https://example.com/a'); // { canonical: 'https://example.com/a' }
 */
export function readFrontmatterMetaLinks(yaml: string): FrontmatterMetaLinks | undefined {
  const block = findBlock(yaml.split('\n'));
  if (block === undefined) return undefined;
  const { canonical, alternates } = block.links;
  if (canonical === undefined && (alternates === undefined || alternates.length === 0)) {
    return undefined;
  }
  return block.links;
}

/**
 * The frontmatter's YAML with its `metaLinks` set to `links` (or left out, for `undefined` or
 * none): the other keys stay byte for byte, and a frontmatter whose meta links are already
 * `links` comes back unchanged, whatever style it wrote them in.
 * @example writeFrontmatterMetaLinks('description: Hi', { canonical: './' }); // 'description: Hi\nmetaLinks:\n  canonical: ./'
 */
export function writeFrontmatterMetaLinks(
  yaml: string,
  links: FrontmatterMetaLinks | undefined,
): string {
  const lines = yaml.split('\n');
  const block = findBlock(lines);
  const wanted = links === undefined ? undefined : withoutEmpty(links);
  const current = block === undefined ? undefined : withoutEmpty(block.links);
  if (same(current, wanted)) return yaml;
  const written = wanted === undefined ? [] : blockLines(wanted);
  if (block !== undefined) {
    return [...lines.slice(0, block.start), ...written, ...lines.slice(block.end)].join('\n');
  }
  if (written.length === 0) return yaml;
  // Appended after the last key, before any trailing blank lines the text ends with.
  let end = lines.length;
  while (end > 0 && lines[end - 1]?.trim() === '') end -= 1;
  return [...lines.slice(0, end), ...written, ...lines.slice(end)].join('\n');
}

function withoutEmpty(links: FrontmatterMetaLinks): FrontmatterMetaLinks | undefined {
  const alternates = links.alternates ?? [];
  if (links.canonical === undefined && alternates.length === 0) return undefined;
  return {
    ...(links.canonical === undefined ? {} : { canonical: links.canonical }),
    ...(alternates.length === 0 ? {} : { alternates }),
  };
}

function same(a: FrontmatterMetaLinks | undefined, b: FrontmatterMetaLinks | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  const left = a.alternates ?? [];
  const right = b.alternates ?? [];
  return (
    a.canonical === b.canonical &&
    left.length === right.length &&
    left.every((value, index) => value === right[index])
  );
}

function blockLines(links: FrontmatterMetaLinks): string[] {
  const lines = ['metaLinks:'];
  if (links.canonical !== undefined) lines.push(...entry('  canonical: ', '    ', links.canonical));
  if (links.alternates !== undefined && links.alternates.length > 0) {
    lines.push('  alternates:');
    for (const value of links.alternates) lines.push(...entry('    - ', '      ', value));
  }
  return lines;
}

/** One value after `lead`: plain when it is safe and fits, else quoted or folded (`>-`). */
function entry(lead: string, foldIndent: string, value: string): string[] {
  const scalar = plainSafe(value) ? value : `'${value.replaceAll("'", "''")}'`;
  if (lead.length + scalar.length <= lineWidth || !plainSafe(value) || /\s/.test(value)) {
    return [`${lead}${scalar}`];
  }
  return [`${lead}>-`, `${foldIndent}${value}`];
}

/** Whether YAML reads `value` back as itself when written plain. */
function plainSafe(value: string): boolean {
  if (value === '' || value !== value.trim()) return false;
  if (/^[-?:,[\]{}#&*!|>'"%@`]/.test(value) && !/^[-?:][^\s]/.test(value)) return false;
  if (/: |:$| #|[\n\t]/.test(value)) return false;
  return !/^(?:true|false|null|yes|no|on|off|~|[-+]?\d[\d._]*(?:e[-+]?\d+)?)$/i.test(value);
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** The `metaLinks` block: its key's line, the more indented lines under it, what they say. */
function findBlock(lines: readonly string[]): Block | undefined {
  const start = lines.findIndex((line) => key.test(line));
  if (start < 0) return undefined;
  let end = start + 1;
  while (end < lines.length) {
    const line = lines[end] ?? '';
    if (line.trim() !== '' && indentOf(line) === 0) break;
    end += 1;
  }
  // Blank lines at the end of the block belong to what follows.
  while (end > start + 1 && (lines[end - 1] ?? '').trim() === '') end -= 1;
  return { start, end, links: readBlock(lines.slice(start + 1, end)) };
}

function readBlock(lines: readonly string[]): FrontmatterMetaLinks {
  const links: FrontmatterMetaLinks = {};
  let index = 0;
  /** A scalar that starts `rest` on line `index`, with any folded lines after it. */
  const scalar = (rest: string, indent: number): string | undefined => {
    const text = rest.replace(/\s+#.*$/, '').trim();
    if (/^[>|][-+]?$/.test(text)) {
      const parts: string[] = [];
      while (index + 1 < lines.length && indentOf(lines[index + 1] ?? '') > indent) {
        index += 1;
        parts.push((lines[index] ?? '').trim());
      }
      return parts.join(text.startsWith('|') ? '\n' : ' ') || undefined;
    }
    return unquote(rest.trim());
  };
  let section: 'alternates' | undefined;
  let sectionIndent = 0;
  for (; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const indent = indentOf(line);
    const text = line.trim();
    const item = /^-(?:[ \t]+(.*))?$/.exec(text);
    if (section === 'alternates' && item !== null && indent >= sectionIndent) {
      const value = scalar(item[1] ?? '', indent);
      if (value !== undefined) links.alternates = [...(links.alternates ?? []), value];
      continue;
    }
    section = undefined;
    const field = /^(canonical|alternates):(?:[ \t]+(.*))?$/.exec(text);
    if (field === null) continue;
    if (field[1] === 'canonical') {
      const value = scalar(field[2] ?? '', indent);
      if (value !== undefined) links.canonical = value;
    } else if ((field[2] ?? '').trim() === '' || (field[2] ?? '').trim().startsWith('#')) {
      section = 'alternates';
      sectionIndent = indent;
      links.alternates ??= [];
    } else {
      links.alternates = flowList(field[2] ?? '');
    }
  }
  return links;
}

/** A one-line list, `[a, 'b']`. */
function flowList(text: string): string[] {
  const inner = /^\[(.*)\]\s*(?:#.*)?$/.exec(text.trim())?.[1];
  if (inner === undefined || inner.trim() === '') return [];
  return inner.split(',').flatMap((part) => unquote(part.trim()) ?? []);
}

function unquote(text: string): string | undefined {
  if (text === '' || text === '~' || text === 'null') return undefined;
  if (text.startsWith("'") && text.endsWith("'") && text.length >= 2) {
    return text.slice(1, -1).replaceAll("''", "'");
  }
  if (text.startsWith('"') && text.endsWith('"') && text.length >= 2) {
    try {
      const value: unknown = JSON.parse(text);
      return typeof value === 'string' ? value : undefined;
    } catch {
      return text.slice(1, -1);
    }
  }
  return text.replace(/\s+#.*$/, '');
}
