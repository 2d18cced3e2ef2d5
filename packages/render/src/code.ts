import type { Element } from 'hast';
import {
  createHighlighterCore,
  type HighlighterCore,
  type LanguageInput,
  type ThemedToken,
} from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { type BundledTheme, bundledThemes } from 'shiki/themes';
// Imported when this module loads, not on first use: it reads its bytes through the global
// `Response`, which a host (@hono/node-server) may replace with one of its own once it serves.
import onigurumaWasm from 'shiki/wasm';
import type { CodeThemes } from './options.js';

// A small set of common languages, each loaded the first time a page uses it.
const LANGUAGES = {
  bash: () => import('shiki/langs/bash.mjs'),
  c: () => import('shiki/langs/c.mjs'),
  cpp: () => import('shiki/langs/cpp.mjs'),
  csharp: () => import('shiki/langs/csharp.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  diff: () => import('shiki/langs/diff.mjs'),
  dockerfile: () => import('shiki/langs/dockerfile.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  graphql: () => import('shiki/langs/graphql.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  java: () => import('shiki/langs/java.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  jsx: () => import('shiki/langs/jsx.mjs'),
  kotlin: () => import('shiki/langs/kotlin.mjs'),
  markdown: () => import('shiki/langs/markdown.mjs'),
  php: () => import('shiki/langs/php.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  ruby: () => import('shiki/langs/ruby.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
  sql: () => import('shiki/langs/sql.mjs'),
  swift: () => import('shiki/langs/swift.mjs'),
  toml: () => import('shiki/langs/toml.mjs'),
  tsx: () => import('shiki/langs/tsx.mjs'),
  typescript: () => import('shiki/langs/typescript.mjs'),
  xml: () => import('shiki/langs/xml.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
} satisfies Record<string, LanguageInput>;

export type Language = keyof typeof LANGUAGES;

const ALIASES: Record<string, Language> = {
  sh: 'bash',
  shell: 'bash',
  shellscript: 'bash',
  zsh: 'bash',
  console: 'bash',
  'c++': 'cpp',
  'c#': 'csharp',
  cs: 'csharp',
  docker: 'dockerfile',
  golang: 'go',
  gql: 'graphql',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsonc: 'json',
  kt: 'kotlin',
  md: 'markdown',
  py: 'python',
  rb: 'ruby',
  rs: 'rust',
  ts: 'typescript',
  mts: 'typescript',
  svg: 'xml',
  yml: 'yaml',
};

/** The bundled language a code block's `syntax` names, or `undefined` for plain text. */
export function codeLanguage(syntax: string | undefined): Language | undefined {
  if (syntax === undefined) return undefined;
  const name = syntax.trim().toLowerCase();
  if (Object.hasOwn(LANGUAGES, name)) return name as Language;
  return ALIASES[name];
}

/** One run of highlighted code: its text, with the colour and style a theme gives it. */
export interface CodeToken {
  content: string;
  /** The theme's colour, `#rrggbb` (or `#rrggbbaa`); the theme's foreground when unset. */
  color?: string;
  bold?: true;
  italic?: true;
}

/** Highlights code once its languages and themes are loaded. */
export interface CodeHighlighter {
  /** The `<pre>` of the code, both themes' colours as `--shiki-light` / `--shiki-dark`. */
  highlight(code: string, language: Language | undefined): Element;
  /**
   * The code's lines as tokens coloured by the light theme, for outputs that are not HTML (a
   * PDF). Plain text (no language) is one uncoloured token a line.
   */
  tokens(code: string, language: Language | undefined): CodeToken[][];
}

let core: Promise<HighlighterCore> | undefined;
const loading = new Map<string, Promise<void>>();

// One highlighter per process, created on first use: creating it and loading grammars is the
// expensive part, highlighting with it is cheap. Oniguruma (compiled to WebAssembly, shipped in
// the package) runs every grammar as written, and over 1,137 real GitBook pages it highlighted
// in less than half the time of the JavaScript regex engine (p95 15 ms a page against 31).
function highlighterCore(): Promise<HighlighterCore> {
  core ??= createHighlighterCore({
    engine: createOnigurumaEngine(onigurumaWasm),
    themes: [],
    langs: [],
  });
  return core;
}

function loadOnce(key: string, load: () => Promise<void>): Promise<void> {
  let promise = loading.get(key);
  if (promise === undefined) {
    promise = load();
    loading.set(key, promise);
    promise.catch(() => loading.delete(key));
  }
  return promise;
}

/**
 * A highlighter with the given themes and languages loaded, sharing the process-wide Shiki core.
 */
export async function prepareCodeHighlighter(
  themes: CodeThemes,
  languages: Iterable<Language>,
): Promise<CodeHighlighter> {
  const shiki = await highlighterCore();
  await Promise.all([
    ...[themes.light, themes.dark].map((theme) =>
      loadOnce(`theme:${theme}`, () => shiki.loadTheme(bundledThemes[theme])),
    ),
    ...[...new Set(languages)].map((language) =>
      loadOnce(`language:${language}`, () => shiki.loadLanguage(LANGUAGES[language])),
    ),
  ]);
  return {
    highlight(code, language) {
      const root = shiki.codeToHast(code, {
        lang: language ?? 'text',
        themes: { light: themes.light, dark: themes.dark },
        // No inline default colour: the page's CSS picks `--shiki-light` or `--shiki-dark`.
        defaultColor: false,
        ...tokenizeLimits,
      });
      const pre = root.children[0];
      if (pre?.type !== 'element') throw new Error('Shiki returned no <pre> element');
      return pre;
    },
    tokens(code, language) {
      if (language === undefined) return code.split('\n').map((line) => [{ content: line }]);
      const lines = shiki.codeToTokensBase(code, {
        lang: language,
        theme: themes.light,
        ...tokenizeLimits,
      });
      return lines.map((line) => line.map(codeToken));
    },
  };
}

// The same code highlights the same on a busy machine as on an idle one: Shiki's default limit
// of 500 ms a line, measured in wall time, left lines plain under load (and the plain answer
// was then cached). Lines past a length are left plain, whatever the load; the time limit only
// stops a grammar that runs away, far beyond any line of that length.
const tokenizeLimits = { tokenizeMaxLineLength: 5000, tokenizeTimeLimit: 60_000 };

// Shiki's font style flags.
const ITALIC = 1;
const BOLD = 2;

function codeToken(token: ThemedToken): CodeToken {
  const style = token.fontStyle ?? 0;
  return {
    content: token.content,
    ...(token.color === undefined ? {} : { color: token.color }),
    ...(style > 0 && (style & BOLD) !== 0 ? { bold: true as const } : {}),
    ...(style > 0 && (style & ITALIC) !== 0 ? { italic: true as const } : {}),
  };
}

/**
 * The lines of `code` as tokens coloured by one theme: what a code block shows, for an output
 * that is not HTML. `syntax` is the block's as written (`ts`, `shell`…); a language this package
 * does not bundle is plain text.
 *
 * @example
 * const lines = await highlightCodeTokens('const a = 1;', 'ts');
 * // [[{ content: 'const', color: '#D73A49' }, { content: ' a ', color: '#005CC5' }, …]]
 */
export async function highlightCodeTokens(
  code: string,
  syntax: string | undefined,
  theme: BundledTheme = 'github-light',
): Promise<CodeToken[][]> {
  const language = codeLanguage(syntax);
  const highlighter = await prepareCodeHighlighter(
    { light: theme, dark: theme },
    language === undefined ? [] : [language],
  );
  return highlighter.tokens(code, language);
}
