import type { ThemeMode } from '../theme-mode.js';

/** Writes CSS for the dark scheme: `rules` writes it for a root selector. */
export type DarkSchemeCss = (rules: (root: string) => string) => string;

const CHOSEN_DARK = ':root[data-theme=dark]';
const SYSTEM_DARK = ':root:not([data-theme=light])';

/**
 * How dark-scheme CSS is emitted for a theme mode, only under the conditions that can occur:
 * the reader's choice (`data-theme="dark"` on `<html>`) when they may switch or the site starts
 * dark, the system's preference (unless they chose light) when the site follows it, and never
 * on a site fixed to light.
 *
 * @example
 * darkSchemeCssFor({ toggleable: true, scripted: true })((root) => `${root} .x{display:none}`);
 * // ':root[data-theme=dark] .x{…}@media (prefers-color-scheme:dark){:root:not([data-theme=light]) .x{…}}'
 */
export function darkSchemeCssFor(theme: ThemeMode): DarkSchemeCss {
  const chosen = theme.toggleable || theme.initial === 'dark';
  const system = theme.toggleable || theme.initial === undefined;
  const systemRoot = theme.scripted ? SYSTEM_DARK : ':root';
  return (rules) =>
    (chosen ? rules(CHOSEN_DARK) : '') +
    (system ? `@media (prefers-color-scheme:dark){${rules(systemRoot)}}` : '');
}
