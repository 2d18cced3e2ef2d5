import { contentColorRules } from './palette.js';
import type { DarkSchemeCss } from './schemes.js';

const STATUSES = ['info', 'success', 'warning', 'danger'];

const BOXED = 'margin:1.25rem 0;border:1px solid var(--border);border-radius:var(--radius)';

// Shiki writes both themes' colours on each token as `--shiki-light` / `--shiki-dark` (and the
// block's background as `--shiki-light-bg`…), with no colour of its own: the scheme picks one.
function shikiCss(scheme: 'light' | 'dark', root = ''): string {
  const prefix = root === '' ? '' : `${root} `;
  return (
    `${prefix}.shiki{color:var(--shiki-${scheme});background:var(--shiki-${scheme}-bg)}` +
    `${prefix}.shiki span{color:var(--shiki-${scheme});font-style:var(--shiki-${scheme}-font-style);` +
    `font-weight:var(--shiki-${scheme}-font-weight);text-decoration:var(--shiki-${scheme}-text-decoration)}`
  );
}

/**
 * The CSS of rendered content: the elements and classes `@quire/render` writes (hints, tabs,
 * expandables, steppers, columns, cards, code blocks, formulas, tables, images, updates…),
 * scoped to `.content`.
 */
export function contentCss(darkSchemeCss: DarkSchemeCss): string {
  return [
    '.content{overflow-wrap:break-word}',
    '.content :is(h1,h2,h3,h4,h5,h6){margin:2rem 0 .75rem;line-height:1.3;scroll-margin-top:1rem}',
    '.content h2{font-size:1.5rem}.content h3{font-size:1.25rem}.content h4{font-size:1.0625rem}',
    '.content img{max-width:100%;height:auto}',
    '.content figure{margin:1.25rem 0}',
    '.content figcaption{margin-top:.5rem;font-size:.875rem;color:var(--muted);text-align:center}',
    'code,kbd,pre{font-family:var(--mono)}',
    '.content :not(pre)>code{padding:.1em .35em;font-size:.875em;background:var(--surface);border:1px solid var(--border);border-radius:.25rem}',
    '.content kbd{padding:.1em .4em;font-size:.875em;background:var(--surface);border:1px solid var(--border);border-bottom-width:2px;border-radius:.25rem}',
    '.content blockquote{margin:1rem 0;padding:0 1rem;border-left:3px solid var(--border);color:var(--muted)}',
    '.content hr{margin:2rem 0;border:0;border-top:1px solid var(--border)}',
    '.content mark{padding:0 .15em;color:inherit;background:#ca8a0433;border-radius:.125rem}',
    contentColorRules(),
    '.task-list{list-style:none;padding-left:.5rem}',
    '.mention{padding:0 .3em;background:var(--primary-soft);border-radius:var(--radius)}',
    '.content .button{display:inline-block;padding:.375rem .875rem;font:inherit;font-weight:600;text-decoration:none;border:1px solid var(--primary);border-radius:var(--radius-control);cursor:pointer}',
    '.content .button.primary{background:var(--primary);color:var(--on-primary)}',
    '.content .button.secondary{background:transparent;color:var(--primary)}',
    `.code-block{${BOXED};overflow:hidden}`,
    '.code-block figcaption.code-title{margin:0;padding:.375rem 1rem;font-family:var(--mono);text-align:left;background:var(--surface);border-bottom:1px solid var(--border)}',
    '.code-block pre{margin:0;padding:1rem;overflow-x:auto;font-size:.875rem;line-height:1.6;tab-size:2}',
    shikiCss('light'),
    darkSchemeCss((root) => shikiCss('dark', root)),
    '.code-block.wrap pre{white-space:pre-wrap}',
    '.code-block.expandable pre{max-height:24rem}',
    '.line-numbers code{counter-reset:line}',
    '.line-numbers .line::before{counter-increment:line;content:counter(line);display:inline-block;width:2.5ch;margin-right:1.25rem;text-align:right;opacity:.6;user-select:none}',
    `.hint{${BOXED};padding:.75rem 1rem;border-left:4px solid var(--info);background:var(--info-bg)}`,
    ...STATUSES.map(
      (status) =>
        `.hint-${status}{border-left-color:var(--${status});background:var(--${status}-bg)}`,
    ),
    ':is(.hint,.tab-panel,.step,.column,.update,.prompt)>:first-child{margin-top:0}',
    ':is(.hint,.tab-panel,.step,.column,.update,.prompt)>:last-child{margin-bottom:0}',
    `.tabs{${BOXED}}`,
    '.tab+.tab{border-top:1px solid var(--border)}',
    '.tab>summary,details.expandable>summary{padding:.625rem 1rem;font-weight:600;cursor:pointer}',
    '.tab>summary{background:var(--surface)}',
    '.tab[open]>summary{color:var(--primary)}',
    '.tab-panel{padding:.75rem 1rem}',
    `details.expandable{${BOXED};padding:0 1rem}`,
    'details.expandable>summary{margin:0 -1rem;padding-inline:1rem}',
    'details.expandable[open]>summary{margin-bottom:.75rem;border-bottom:1px solid var(--border)}',
    '.stepper{margin:1.25rem 0;padding:0;list-style:none;counter-reset:step}',
    '.step{position:relative;padding:0 0 1.25rem 2.75rem;counter-increment:step}',
    '.step::before{content:counter(step);position:absolute;left:0;top:0;width:1.75rem;height:1.75rem;display:grid;place-items:center;font-size:.875rem;font-weight:600;color:var(--primary);background:var(--primary-soft);border-radius:50%}',
    '.step::after{content:"";position:absolute;left:.875rem;top:2rem;bottom:.25rem;border-left:1px solid var(--border)}',
    '.step:last-child::after{display:none}',
    '.columns{display:flex;flex-wrap:wrap;gap:1.5rem;margin:1.25rem 0}',
    '.column{flex:1 1 14rem;min-width:0}',
    '.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:1rem;margin:1.25rem 0;padding:0;list-style:none}',
    '.cards-large{grid-template-columns:repeat(auto-fill,minmax(20rem,1fr))}',
    '.card{position:relative;display:flex;flex-direction:column;gap:.25rem;padding:1rem;overflow:hidden;border:1px solid var(--border);border-radius:var(--radius)}',
    '.card:hover{border-color:var(--primary)}',
    '.card-cover{margin:-1rem -1rem .5rem}',
    '.card-cover img{display:block;width:100%;aspect-ratio:16/9;object-fit:cover}',
    '.card-title{font-weight:600}',
    '.card-link::after{content:"";position:absolute;inset:0}',
    '.card-field{color:var(--muted);font-size:.9375rem}',
    '.card-field :is(a,button){position:relative;z-index:1}',
    '.content .table{margin:1.25rem 0;overflow-x:auto}',
    '.content table{width:100%;border-collapse:collapse}',
    '.content :is(th,td){padding:.5rem .75rem;text-align:left;vertical-align:top;border:1px solid var(--border)}',
    '.content th{background:var(--surface)}',
    '.images{display:flex;flex-wrap:wrap;align-items:flex-start;gap:1rem;margin:1.25rem 0}',
    '.images figure{margin:0}',
    '.align-center{margin-inline:auto!important}.align-right{margin-left:auto!important}',
    '.frame{padding:.5rem;background:var(--surface);border:1px solid var(--border);border-radius:var(--radius)}',
    '.full-width{flex-basis:100%}.full-width img{width:100%}',
    '.image-alt{font-style:italic;color:var(--muted)}',
    // KaTeX also writes its HTML rendering, which needs KaTeX's fonts and stylesheet; browsers
    // typeset the MathML it writes beside it, which is also what assistive technology reads.
    '.katex-html{display:none}',
    'math{font-family:"Latin Modern Math","STIX Two Math","Cambria Math",math}',
    '.math-display{margin:1rem 0;overflow-x:auto}',
    '.math-display math{display:block;font-size:1.15em}',
    `:is(.embed,.file,.content-ref,.openapi-unrendered){${BOXED};padding:.75rem 1rem}`,
    '.embed figcaption{text-align:left}',
    ':is(.file,.content-ref,.openapi-unrendered)>p{margin:0}',
    '.file a::before{content:"⤓ "}',
    `:is(.openapi-operation,.openapi-schemas){${BOXED};padding:.75rem 1rem}`,
    ':is(.openapi-operation,.openapi-schemas)>:first-child{margin-top:0}',
    '.openapi-endpoint{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;font-size:1.0625rem}',
    '.openapi-method{padding:.125rem .5rem;font-family:var(--mono);font-size:.8125rem;font-weight:700;color:var(--primary);background:var(--primary-soft);border-radius:var(--radius)}',
    '.openapi-deprecated{padding:0 .5rem;font-size:.8125rem;color:var(--muted);border:1px solid currentColor;border-radius:999px}',
    '.openapi-required{font-size:.8125rem;color:var(--muted)}',
    '.openapi-table{margin:1rem 0}',
    '.openapi-table caption{padding:.25rem 0;font-weight:600;text-align:left}',
    `.prompt{${BOXED};padding:.75rem 1rem;background:var(--surface);border-left:4px solid var(--primary)}`,
    '.prompt>figcaption{margin:0 0 .25rem;font-weight:600;color:var(--fg);text-align:left}',
    '.update{padding:1rem 0;border-top:1px solid var(--border)}',
    '.update>header{display:flex;flex-wrap:wrap;align-items:center;gap:.75rem;font-size:.875rem;color:var(--muted)}',
    '.update-tags{display:flex;gap:.375rem;margin:0;padding:0;list-style:none}',
    '.update-tags li{padding:0 .5rem;border:1px solid var(--border);border-radius:999px}',
    '.raw{font-family:var(--mono);white-space:pre-wrap;color:var(--muted)}',
  ].join('');
}
