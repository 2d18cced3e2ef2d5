import type { Customization } from './props.js';

/** How the site's light and dark themes apply. */
export interface ThemeMode {
  /** The theme every page starts in (`data-theme` on `<html>`); absent: the reader's system's. */
  initial?: 'light' | 'dark';
  /** Whether readers may switch, their choice kept in `localStorage`. */
  toggleable: boolean;
  /** Whether the page needs the theme script: to apply a stored choice or to follow a set one. */
  scripted: boolean;
}

/**
 * The theme mode a customization asks for.
 *
 * @example
 * themeMode({ themes: { default: 'dark', toggeable: true } });
 * // { initial: 'dark', toggleable: true, scripted: true }
 */
export function themeMode(customization: Customization): ThemeMode {
  const preferred = customization.themes?.default;
  const initial = preferred === 'light' || preferred === 'dark' ? preferred : undefined;
  const toggleable = customization.themes?.toggeable === true;
  return { initial, toggleable, scripted: toggleable || initial !== undefined };
}
