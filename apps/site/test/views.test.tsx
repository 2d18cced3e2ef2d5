/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { gzipSync } from 'node:zlib';
import type { components } from '@quire/contract';
import { type HtmlElement, HtmlValidate, Parser } from 'html-validate';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type Customization,
  type PageTreeItem,
  renderAskPage,
  renderNotFound,
  renderSearchResults,
  renderSitePage,
  type SitePageProps,
  type SiteProps,
} from '../src/views/index.js';

// Content as `@quire/render` writes it: a heading per outline depth, a hint, a code block.
const CONTENT = [
  '<p>Install the <code>acme</code> command.</p>',
  '<h2 id="requirements">Requirements</h2>',
  '<div class="hint hint-info" role="note" aria-label="Info"><p>Node 20 or later.</p></div>',
  '<h3 id="on-linux">On Linux</h3>',
  '<figure class="code-block language-bash"><pre class="shiki" tabindex="0"><code>',
  '<span class="line">npm i acme</span></code></pre></figure>',
  '<h4 id="deep">Too deep for the outline</h4>',
].join('');

const PAGES: PageTreeItem[] = [
  {
    type: 'group',
    title: 'Getting started',
    pages: [
      { type: 'document', title: 'Introduction', href: '/', pages: [] },
      {
        type: 'document',
        title: 'Install',
        emoji: '1f680',
        href: '/install',
        active: true,
        pages: [{ type: 'document', title: 'On Linux', href: '/install/linux', pages: [] }],
      },
    ],
  },
  { type: 'document', title: 'Usage', href: '/usage', pages: [] },
  { type: 'link', title: 'GitHub', href: 'https://github.com/acme/acme', pages: [] },
];

function site(overrides: Partial<SiteProps> = {}): SiteProps {
  return {
    title: 'Acme Docs',
    homeHref: '/',
    customization: {
      styling: { primaryColor: { light: '#0a7d55', dark: '#3ddc97' }, corners: 'rounded' },
      announcement: { enabled: true, message: 'Acme 2 is out.' },
      footer: { copyright: '© Acme' },
      pagination: { enabled: true },
    },
    headerLinks: [
      { title: 'Blog', href: 'https://acme.example/blog' },
      {
        title: 'More',
        links: [{ title: 'Status', href: 'https://status.acme.example' }],
      },
    ],
    sections: [
      { title: 'Guides', href: '/', active: true, emoji: '📘' },
      { title: 'API', href: '/api/', active: false },
    ],
    siteSpaces: [
      { title: 'v2', href: '/', active: true },
      { title: 'v1', href: '/v1/', active: false },
    ],
    siteSpacesLabel: 'Versions',
    pages: PAGES,
    footerGroups: [{ title: 'Company', links: [{ title: 'About', href: 'https://acme.example' }] }],
    announcementLink: { title: 'Read the release notes', href: '/releases' },
    search: { href: '/search', apiHref: '/search.json' },
    ...overrides,
  };
}

function pageProps(overrides: Partial<SitePageProps> = {}): SitePageProps {
  return {
    site: site(),
    page: {
      title: 'Install',
      description: 'How to install Acme.',
      emoji: '🚀',
      html: CONTENT,
      headings: [
        { id: 'requirements', text: 'Requirements', depth: 2 },
        { id: 'on-linux', text: 'On Linux', depth: 3 },
        { id: 'deep', text: 'Too deep for the outline', depth: 4 },
      ],
      canonicalUrl: 'https://docs.acme.example/install',
      markdownHref: '/install.md',
      previous: { title: 'Introduction', href: '/' },
      next: { title: 'Usage', href: '/usage' },
    },
    ...overrides,
  };
}

const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    // The HTML standard writes the doctype in lowercase; so do we.
    'doctype-style': ['error', { style: 'lowercase' }],
    // hono/jsx writes boolean attributes as `hidden=""` and void elements as `<meta/>`: both
    // valid HTML, only a different spelling from the rules' defaults.
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    'void-style': 'off',
    'no-self-closing': 'off',
  },
});

function parse(html: string): HtmlElement {
  return new Parser(validator.getConfigForSync('views.html')).parseHtml(html);
}

function attribute(element: HtmlElement | null, name: string): string | null {
  const value = element?.getAttributeValue(name);
  return typeof value === 'string' ? value : null;
}

function texts(root: HtmlElement, selector: string): string[] {
  return root.querySelectorAll(selector).map((element) => element.textContent.trim());
}

async function expectValid(html: string): Promise<void> {
  const report = await validator.validateString(html);
  const messages = report.results.flatMap((result) =>
    result.messages.map((message) => `${message.ruleId}: ${message.message}`),
  );
  expect(messages).toEqual([]);
}

describe('props', () => {
  it('take the customization as the API reads it, and the page types of its tree', () => {
    expectTypeOf<components['schemas']['SiteCustomization']>().toExtend<Customization>();
    expectTypeOf<PageTreeItem['type']>().toEqualTypeOf<
      components['schemas']['RevisionPage']['type']
    >();
  });
});

describe('renderSitePage', () => {
  const html = renderSitePage(pageProps());
  const root = parse(html);

  it('writes a whole document with its language, title and social tags', () => {
    expect(html.startsWith('<!doctype html><html lang="en"')).toBe(true);
    expect(texts(root, 'title')).toEqual(['Install | Acme Docs']);
    expect(attribute(root.querySelector('meta[name="description"]'), 'content')).toBe(
      'How to install Acme.',
    );
    expect(attribute(root.querySelector('link[rel="canonical"]'), 'href')).toBe(
      'https://docs.acme.example/install',
    );
    const og = (property: string) =>
      attribute(root.querySelector(`meta[property="${property}"]`), 'content');
    expect([og('og:title'), og('og:url'), og('og:type'), og('og:site_name')]).toEqual([
      'Install',
      'https://docs.acme.example/install',
      'article',
      'Acme Docs',
    ]);
    expect(og('og:description')).toBe('How to install Acme.');
  });

  it('passes html-validate', async () => {
    await expectValid(html);
  });

  it("writes a link for each of the page's alternates, after its canonical", async () => {
    const props = pageProps();
    const withAlternates = renderSitePage({
      ...props,
      page: {
        ...props.page,
        canonicalUrl: 'https://acme.example/install',
        alternateUrls: ['https://docs.acme.example/fr/installer', 'https://acme.example/de'],
      },
    });
    const head = parse(withAlternates);
    expect(attribute(head.querySelector('link[rel="canonical"]'), 'href')).toBe(
      'https://acme.example/install',
    );
    expect(
      head
        .querySelectorAll('link[rel="alternate"]')
        .filter((link) => !link.hasAttribute('type'))
        .map((link) => attribute(link, 'href')),
    ).toEqual(['https://docs.acme.example/fr/installer', 'https://acme.example/de']);
    await expectValid(withAlternates);
  });

  it('has landmarks, and a skip link to the main content as the first focusable element', () => {
    for (const landmark of ['header', 'main', 'footer', 'aside', 'nav[aria-label="Pages"]']) {
      expect(root.querySelector(landmark), landmark).not.toBeNull();
    }
    const first = root.querySelector('a, button, input, summary');
    expect(attribute(first, 'class')).toBe('skip-link');
    expect(attribute(first, 'href')).toBe(`#${attribute(root.querySelector('main'), 'id')}`);
  });

  it('marks the active page and section', () => {
    expect(texts(root, 'nav[aria-label="Pages"] [aria-current="page"]')).toEqual(['🚀Install']);
    expect(texts(root, 'nav[aria-label="Sections"] [aria-current]')).toEqual(['📘Guides']);
  });

  it('renders groups as headings without links, and link pages as links out', () => {
    expect(texts(root, '.tree-group-title')).toEqual(['Getting started']);
    expect(root.querySelector('.tree-group-title a')).toBeNull();
    expect(root.querySelector('h2.tree-group-title')).not.toBeNull();
    expect(attribute(root.querySelector('a.external'), 'href')).toBe(
      'https://github.com/acme/acme',
    );
  });

  it('opens the pages under the active page', () => {
    expect(root.querySelector('.has-pages > details.tree-pages')?.hasAttribute('open')).toBe(true);
  });

  it('lists the depth-2 and depth-3 headings in the outline', () => {
    const links = root.querySelectorAll('aside.outline a');
    expect(links.map((link) => [link.textContent, attribute(link, 'href')])).toEqual([
      ['Requirements', '#requirements'],
      ['On Linux', '#on-linux'],
    ]);
  });

  it('inserts the rendered content as it is', () => {
    expect(html).toContain(CONTENT);
  });

  it('links the previous and next pages, and the Markdown', () => {
    expect(attribute(root.querySelector('a[rel="prev"]'), 'href')).toBe('/');
    expect(attribute(root.querySelector('a[rel="next"]'), 'href')).toBe('/usage');
    expect(attribute(root.querySelector('.page-actions a'), 'href')).toBe('/install.md');
    expect(attribute(root.querySelector('link[rel="alternate"]'), 'type')).toBe('text/markdown');
  });

  it('leaves pagination out when the customization turns it off', () => {
    const off = pageProps();
    off.site.customization.pagination = { enabled: false };
    expect(parse(renderSitePage(off)).querySelector('nav.pagination')).toBeNull();
  });

  it('has a search form that works without a script', () => {
    const form = root.querySelector('form[role="search"]');
    expect([attribute(form, 'method'), attribute(form, 'action')]).toEqual(['get', '/search']);
    expect(form?.querySelector('input[name="q"]')).not.toBeNull();
    expect(form?.querySelector('button[type="submit"]')).not.toBeNull();
    expect(attribute(form, 'data-search-api')).toBe('/search.json');
  });

  it('shows the announcement with its link, and the footer', () => {
    expect(texts(root, '.announcement')).toEqual(['Acme 2 is out. Read the release notes']);
    expect(texts(root, 'footer h2')).toEqual(['Company']);
    expect(texts(root, '.footer-meta p')).toEqual(['© Acme', 'Powered by Quire']);
  });

  it('shows the switcher with two site spaces or more, and not with one', () => {
    expect(root.querySelector('nav[aria-label="Versions"]')).not.toBeNull();
    const single = parse(
      renderSitePage(
        pageProps({ site: site({ siteSpaces: [{ title: 'v2', href: '/', active: true }] }) }),
      ),
    );
    expect(single.querySelector('nav[aria-label="Versions"]')).toBeNull();
  });

  it('asks not to be indexed only when the site is unlisted', () => {
    expect(root.querySelector('meta[name="robots"]')).toBeNull();
    const unlisted = parse(renderSitePage(pageProps({ site: site({ noIndex: true }) })));
    expect(attribute(unlisted.querySelector('meta[name="robots"]'), 'content')).toBe('noindex');
  });

  it('offers the theme toggle only when the customization allows it', () => {
    expect(root.querySelector('#theme-toggle')).toBeNull();
    expect(root.querySelector('head script')).toBeNull();
    const toggleable = pageProps();
    toggleable.site.customization.themes = { default: 'dark', toggeable: true };
    const html = renderSitePage(toggleable);
    const page = parse(html);
    const button = page.querySelector('#theme-toggle');
    expect(button?.hasAttribute('hidden')).toBe(true);
    expect(attribute(page.querySelector('html'), 'data-theme')).toBe('dark');
    expect(page.querySelector('head script')?.textContent).toContain('localStorage');
  });

  it('stays valid with the theme toggle, a tinted bold theme and no outline', async () => {
    const props = pageProps();
    props.site.customization.themes = { toggeable: true };
    props.site.customization.styling = { theme: 'bold', corners: 'circular', font: 'Inter' };
    props.page.headings = [];
    const html = renderSitePage(props);
    expect(parse(html).querySelector('aside.outline')).toBeNull();
    await expectValid(html);
  });
});

describe('site styles', () => {
  const css = (props: SitePageProps) =>
    parse(renderSitePage(props)).querySelector('style')?.textContent ?? '';

  it('takes the primary colour, corners and font from the customization', () => {
    const props = pageProps();
    props.site.customization.styling = {
      primaryColor: { light: '#14573a' },
      corners: 'straight',
      font: 'Inter',
    };
    const styles = css(props);
    expect(styles).toContain('--primary:#14573a');
    expect(styles).toContain('--radius:0');
    expect(styles).toContain('--font:Inter,system-ui');
  });

  it('darkens a primary colour too pale to read on white, and keeps it on black', () => {
    const props = pageProps();
    props.site.customization.styling = { primaryColor: { light: '#ffe066' } };
    const [light, dark] = css(props).split('@media (prefers-color-scheme:dark)');
    expect(light).toMatch(/--primary:#[\da-f]{6}/);
    expect(light).not.toContain('--primary:#ffe066');
    expect(dark).toContain('--primary:#ffe066');
  });

  it('follows the system’s scheme, or the reader’s choice when they may switch', () => {
    expect(css(pageProps())).toContain(
      '@media (prefers-color-scheme:dark){:root{color-scheme:dark',
    );
    const toggleable = pageProps();
    toggleable.site.customization.themes = { toggeable: true };
    const styles = css(toggleable);
    expect(styles).toContain('@media (prefers-color-scheme:dark){:root:not([data-theme=light])');
    expect(styles).toContain(':root[data-theme=dark] .shiki span{color:var(--shiki-dark)');
  });

  it('writes no dark scheme for a site fixed to light', () => {
    const light = pageProps();
    light.site.customization.themes = { default: 'light', toggeable: false };
    expect(css(light)).not.toContain('color-scheme:dark');
  });

  it('ignores a colour that is not #rrggbb, so no setting writes CSS of its own', () => {
    const props = pageProps();
    props.site.customization.styling = { primaryColor: { light: 'red}</style><script>' } };
    expect(css(props)).not.toContain('</style>');
  });

  it('stays within a few kilobytes over the wire', () => {
    const styles = css(pageProps());
    expect(gzipSync(styles).length).toBeLessThan(5_000);
  });
});

describe('renderSearchResults', () => {
  const html = renderSearchResults({
    site: site(),
    query: 'install',
    results: [
      { title: 'Install', href: '/install', excerpt: 'Run <the> installer.' },
      { title: 'Usage', href: '/usage' },
    ],
  });
  const root = parse(html);

  it('lists the results, excerpts as text, the query kept in the search box', () => {
    expect(texts(root, '.search-results h2')).toEqual(['Install', 'Usage']);
    expect(html).toContain('Run &lt;the&gt; installer.');
    expect(attribute(root.querySelector('input[name="q"]'), 'value')).toBe('install');
    expect(texts(root, 'h1')).toEqual(['Results for “install”']);
    expect(attribute(root.querySelector('meta[name="robots"]'), 'content')).toBe('noindex');
  });

  it('passes html-validate', async () => {
    await expectValid(html);
  });

  it('cuts a long excerpt at a word', () => {
    const long = renderSearchResults({
      site: site(),
      query: 'acme',
      results: [{ title: 'Acme', href: '/', excerpt: 'word '.repeat(200) }],
    });
    const excerpt = texts(parse(long), '.search-results p')[0] ?? '';
    expect(excerpt.length).toBeLessThanOrEqual(281);
    expect(excerpt.endsWith('word…')).toBe(true);
  });

  it('says when nothing matches', () => {
    const none = parse(renderSearchResults({ site: site(), query: 'zzz', results: [] }));
    expect(texts(none, '.search-summary')).toEqual(['No page matches your search.']);
  });
});

describe('renderAskPage', () => {
  const hrefs = { askHref: '/~ask', streamHref: '/~ask.stream', rateHref: '/~ask.rate' };
  const answered = renderAskPage({
    site: site(),
    question: 'How do I <install>?',
    session: 'session-1',
    ...hrefs,
    answer: {
      id: 'answer-1',
      html: '<p>See <a href="/install">Install</a>.</p>',
      sources: [{ title: 'Install', href: '/install' }],
      followups: [{ title: 'How do I upgrade?', href: '/~ask?q=How+do+I+upgrade%3F' }],
    },
  });
  const root = parse(answered);

  it('writes the answer, its sources, follow-ups and a rating form, the question as text', () => {
    expect(answered).toContain('How do I &lt;install&gt;?');
    expect(texts(root, '.ask-text a')).toEqual(['Install']);
    expect(texts(root, '.ask-sources a')).toEqual(['Install']);
    expect(texts(root, '.ask-followups a')).toEqual(['How do I upgrade?']);
    expect(attribute(root.querySelector('form.ask-form input[name="previous"]'), 'value')).toBe(
      'answer-1',
    );
    expect(attribute(root.querySelector('form.ask-rating'), 'method')).toBe('post');
    expect(attribute(root.querySelector('meta[name="robots"]'), 'content')).toBe('noindex');
  });

  it('passes html-validate, answered, failed and empty', async () => {
    await expectValid(answered);
    await expectValid(
      renderAskPage({ site: site(), question: 'Why?', session: 's-1', ...hrefs, failure: 'Down' }),
    );
    await expectValid(renderAskPage({ site: site(), question: '', session: 's-1', ...hrefs }));
  });

  it('says why there is no answer, as an alert', () => {
    const failed = parse(
      renderAskPage({ site: site(), question: 'Why?', session: 's-1', ...hrefs, failure: 'Down' }),
    );
    expect(texts(failed, '[role="alert"]')).toEqual(['Down']);
  });
});

describe('renderNotFound', () => {
  it('writes a plain, valid, unindexed page without a site', async () => {
    const html = renderNotFound();
    const root = parse(html);
    expect(texts(root, 'h1')).toEqual(['Page not found']);
    expect(root.querySelector('main')).not.toBeNull();
    expect(attribute(root.querySelector('meta[name="robots"]'), 'content')).toBe('noindex');
    await expectValid(html);
  });

  it('keeps the site’s chrome when the site is known', async () => {
    const html = renderNotFound({ site: site() });
    const root = parse(html);
    expect(texts(root, 'title')).toEqual(['Page not found | Acme Docs']);
    expect(root.querySelector('form[role="search"]')).not.toBeNull();
    await expectValid(html);
  });
});
