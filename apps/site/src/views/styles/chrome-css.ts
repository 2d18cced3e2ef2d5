import type { Customization } from '../props.js';
import type { DarkSchemeCss } from './schemes.js';

type Styling = NonNullable<Customization['styling']>;

const DROPDOWN =
  'position:absolute;z-index:5;min-width:12rem;margin:.25rem 0 0;padding:.25rem;list-style:none;' +
  'background:var(--bg);color:var(--fg);border:1px solid var(--border);border-radius:var(--radius);' +
  'box-shadow:0 8px 24px rgb(0 0 0/.15)';

const CONTROL =
  'font:inherit;padding:.375rem .75rem;border:1px solid var(--border);' +
  'border-radius:var(--radius-control);background:var(--bg);color:var(--fg)';

// How the sidebar marks the page shown, by `styling.sidebar.list`.
const ACTIVE_PAGE: Record<NonNullable<NonNullable<Styling['sidebar']>['list']>, string> = {
  default: 'color:var(--primary);font-weight:600',
  pill: 'color:var(--primary);font-weight:600;background:var(--primary-soft)',
  line: 'color:var(--primary);font-weight:600;box-shadow:inset 2px 0 var(--primary);border-radius:0',
};

/**
 * The CSS of the site's chrome: skip link, header, sidebar, outline, pagination, footer, search.
 * On narrow screens the sidebar follows the content and the header links to it, so no script
 * is needed to open a menu.
 */
export function chromeCss(styling: Styling, darkSchemeCss: DarkSchemeCss): string {
  const activePage = ACTIVE_PAGE[styling.sidebar?.list ?? 'default'] ?? ACTIVE_PAGE.default;
  const sidebarBackground =
    styling.sidebar?.background === 'filled'
      ? '.sidebar{background:var(--surface);padding-inline:.5rem}'
      : '';
  const linkColor =
    styling.links === 'accent'
      ? 'a{color:var(--primary)}'
      : 'a{color:inherit;text-decoration-color:var(--primary);text-underline-offset:.15em}';
  return [
    '*,*::before,*::after{box-sizing:border-box}',
    'body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 var(--font);-webkit-text-size-adjust:100%}',
    linkColor,
    ':focus-visible{outline:2px solid var(--primary);outline-offset:2px}',
    '.site-header :focus-visible{outline-color:currentColor}',
    'main:focus{outline:none}',
    '.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}',
    '.skip-link{position:absolute;left:.5rem;top:-4rem;z-index:10;padding:.5rem 1rem;background:var(--bg);color:var(--primary);border:2px solid var(--primary);border-radius:var(--radius)}',
    '.skip-link:focus{top:.5rem}',
    '.announcement{padding:.5rem 1.5rem;text-align:center;background:var(--info-bg);border-bottom:1px solid var(--border)}',
    '.announcement p{margin:0}',
    ...['success', 'warning', 'danger'].map(
      (status) => `.announcement-${status}{background:var(--${status}-bg)}`,
    ),
    '.site-header{background:var(--header-bg,var(--bg));color:var(--header-fg,var(--fg));border-bottom:1px solid var(--header-border,var(--border))}',
    '.header-bar,.section-tabs{max-width:90rem;margin:0 auto;padding:.75rem 1.5rem;display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.25rem}',
    '.site-header a{color:inherit;text-decoration:none}',
    '.site-header a:hover{text-decoration:underline}',
    '.site-logo{display:inline-flex;align-items:center;gap:.5rem;margin-right:auto;font-weight:600;font-size:1.125rem}',
    '.site-logo img{max-height:2rem;width:auto;vertical-align:middle}',
    '.site-header ul{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;list-style:none;margin:0;padding:0}',
    '.site-header .header-button{padding:.375rem .875rem;border:1px solid currentColor;border-radius:var(--radius-control)}',
    '.site-header .header-button-primary{background:var(--primary);color:var(--on-primary);border-color:var(--primary)}',
    '.disclosure{position:relative}',
    '.disclosure>summary{cursor:pointer;list-style:none;padding:.25rem .625rem;border:1px solid var(--border);border-radius:var(--radius-control)}',
    'summary::-webkit-details-marker{display:none}',
    '.disclosure>summary::after{content:"▾";margin-left:.375rem}',
    `.disclosure>ul{${DROPDOWN};display:block;right:0}`,
    '.site-header .disclosure a{display:block;padding:.375rem .625rem;color:var(--fg);border-radius:var(--radius)}',
    '.disclosure a:hover,.disclosure a[aria-current]{background:var(--primary-soft);text-decoration:none}',
    '.section-tabs{padding-block:0}',
    '.section-tabs ul{flex-wrap:nowrap;overflow-x:auto}',
    '.section-tabs a{display:inline-flex;gap:.375rem;padding:.5rem 0;border-bottom:2px solid transparent}',
    '.section-tabs a[aria-current]{border-bottom-color:currentColor;font-weight:600}',
    '.search-form{position:relative;display:flex;gap:.25rem}',
    `.search-form input{${CONTROL};min-width:0;width:14rem}`,
    `.search-form button,.theme-toggle{${CONTROL};background:var(--surface);cursor:pointer}`,
    `.search-form .search-suggestions{${DROPDOWN};display:block;top:100%;left:0;width:max(100%,22rem)}`,
    '.search-form .search-suggestions:empty{display:none}',
    '.search-suggestions a{display:block;padding:.375rem .5rem 0;color:var(--fg);font-weight:600}',
    '.search-suggestions p{margin:0 .5rem .375rem;color:var(--muted);font-size:.875rem;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden}',
    '.menu-link{display:none}',
    '.layout{display:grid;grid-template-columns:16rem minmax(0,1fr) 14rem;gap:2.5rem;max-width:90rem;margin:0 auto;padding:0 1.5rem}',
    '.layout-wide{grid-template-columns:16rem minmax(0,1fr)}',
    '.layout-bare{grid-template-columns:minmax(0,1fr) 14rem}',
    '.layout-bare.layout-wide{grid-template-columns:minmax(0,52rem);justify-content:center}',
    '.sidebar,.outline{position:sticky;top:0;align-self:start;max-height:100vh;overflow-y:auto;padding:1.5rem 0;font-size:.9375rem}',
    sidebarBackground,
    'main{min-width:0;padding:2rem 0 4rem}',
    '.not-found{max-width:40rem;margin:0 auto;padding:4rem 1.5rem}',
    '.page-tree,.page-tree ul{list-style:none;margin:0;padding:0}',
    '.page-tree ul{margin-left:.75rem;padding-left:.5rem;border-left:1px solid var(--border)}',
    '.tree-item{position:relative}',
    '.tree-item>a{display:flex;gap:.5rem;padding:.3rem .75rem;color:var(--fg);text-decoration:none;border-radius:var(--radius)}',
    '.tree-item>a:hover{background:var(--surface)}',
    `.tree-item>a[aria-current]{${activePage}}`,
    '.has-pages>a{padding-right:2.25rem}',
    '.tree-pages>summary{position:absolute;top:0;right:0;width:2rem;height:2.1rem;display:grid;place-items:center;cursor:pointer;list-style:none;border-radius:var(--radius)}',
    '.tree-pages>summary::after{content:"›";transition:transform .15s}',
    '.tree-pages[open]>summary::after{transform:rotate(90deg)}',
    '.tree-group+.tree-group,.tree-item+.tree-group{margin-top:1.25rem}',
    '.tree-group-title{margin:0;padding:0 .75rem .25rem;font-size:.75rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:var(--muted)}',
    '.page-tree .tree-group>ul{margin:0;padding:0;border:0}',
    '.external::after{content:" ↗";color:var(--muted)}',
    '.outline h2{margin:0 0 .5rem;font-size:.75rem;letter-spacing:.04em;text-transform:uppercase;color:var(--muted)}',
    '.outline ul{list-style:none;margin:0;padding:0;border-left:1px solid var(--border)}',
    '.outline a{display:block;padding:.2rem .75rem;color:var(--muted);text-decoration:none;font-size:.875rem}',
    '.outline a:hover{color:var(--primary)}',
    '.outline .depth-3 a{padding-left:1.5rem}',
    '.page-header h1{margin:0 0 .5rem;font-size:2.25rem;line-height:1.2}',
    '.page-emoji{margin-right:.5rem}',
    '.page-description{margin:0 0 1rem;font-size:1.125rem;color:var(--muted)}',
    '.page-actions{margin:0 0 2rem;font-size:.875rem}',
    '.page-actions a{color:var(--muted)}',
    '.pagination{display:grid;grid-template-columns:1fr 1fr;gap:1rem;margin-top:3rem}',
    '.pagination a{display:block;padding:.75rem 1rem;border:1px solid var(--border);border-radius:var(--radius);color:var(--fg);text-decoration:none}',
    '.pagination a:hover{border-color:var(--primary)}',
    '.pagination span{display:block;font-size:.8125rem;color:var(--muted)}',
    '.pagination .next{grid-column:2;text-align:right}',
    '.search-results{list-style:none;padding:0}',
    '.search-results li{padding:1rem 0;border-bottom:1px solid var(--border)}',
    '.search-results h2{margin:0;font-size:1.125rem}',
    '.search-results p{margin:.25rem 0 0;color:var(--muted)}',
    '.site-footer{margin-top:2rem;background:var(--surface);border-top:1px solid var(--border);font-size:.9375rem}',
    '.footer-inner{max-width:90rem;margin:0 auto;padding:2rem 1.5rem;display:flex;flex-wrap:wrap;gap:2rem 3rem}',
    '.footer-groups{display:flex;flex-wrap:wrap;gap:2rem 3rem}',
    '.footer-group h2{margin:0 0 .5rem;font-size:.875rem}',
    '.footer-group ul{list-style:none;margin:0;padding:0}',
    '.footer-group a{color:var(--muted)}',
    '.footer-meta{margin-left:auto;color:var(--muted)}',
    '.footer-meta p{margin:0 0 .25rem}',
    '.footer-meta img{max-height:1.75rem;width:auto}',
    '.themed-dark{display:none}',
    darkSchemeCss(
      (root) => `${root} .themed-light{display:none}${root} .themed-dark{display:inline}`,
    ),
    '@media (max-width:72rem){.layout{grid-template-columns:15rem minmax(0,1fr)}.outline{display:none}}',
    '@media (max-width:48rem){.layout{display:flex;flex-direction:column;gap:0}.sidebar{order:2;position:static;max-height:none;border-top:1px solid var(--border)}.menu-link{display:inline}.search-form input{width:10rem}}',
  ].join('');
}
