import type { Customization } from '../props.js';

type Styling = NonNullable<Customization['styling']>;
type FontName = NonNullable<Styling['font']>;
type MonospaceFontName = NonNullable<Styling['monospaceFont']>;

const SANS = 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif';
const SERIF = 'Georgia,Cambria,"Times New Roman",serif';
const MONO = 'ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace';

// No font files are served: a reader with the font installed sees it, anyone else the system's.
const FONTS: Record<FontName, string> = {
  ABCFavorit: `"ABC Favorit",${SANS}`,
  Inter: `Inter,${SANS}`,
  Roboto: `Roboto,${SANS}`,
  RobotoSlab: `"Roboto Slab",${SERIF}`,
  OpenSans: `"Open Sans",${SANS}`,
  SourceSansPro: `"Source Sans 3","Source Sans Pro",${SANS}`,
  Lato: `Lato,${SANS}`,
  Ubuntu: `Ubuntu,${SANS}`,
  Raleway: `Raleway,${SANS}`,
  Merriweather: `Merriweather,${SERIF}`,
  Overpass: `Overpass,${SANS}`,
  NotoSans: `"Noto Sans",${SANS}`,
  IBMPlexSerif: `"IBM Plex Serif",${SERIF}`,
  Poppins: `Poppins,${SANS}`,
  FiraSans: `"Fira Sans",${SANS}`,
};

const MONOSPACE_FONTS: Record<MonospaceFontName, string> = {
  IBMPlexMono: `"IBM Plex Mono",${MONO}`,
  FiraCode: `"Fira Code",${MONO}`,
  JetBrainsMono: `"JetBrains Mono",${MONO}`,
  SourceCodePro: `"Source Code Pro",${MONO}`,
  RobotoMono: `"Roboto Mono",${MONO}`,
};

// A name this build does not know (from a newer API) falls back like an unset one; `hasOwn`
// keeps `constructor` and its kind from reading the prototype.
function ownValue<Name extends string>(
  record: Record<Name, string>,
  name: Name | undefined,
): string | undefined {
  return name !== undefined && Object.hasOwn(record, name) ? record[name] : undefined;
}

/**
 * The CSS `font-family` of the site's text: its font first, then the system's.
 *
 * @example
 * fontFamily('Inter'); // 'Inter,system-ui,…,sans-serif'
 */
export function fontFamily(font: FontName | undefined): string {
  return ownValue(FONTS, font) ?? SANS;
}

/** The CSS `font-family` of the site's code: its monospace font first, then the system's. */
export function monospaceFontFamily(font: MonospaceFontName | undefined): string {
  return ownValue(MONOSPACE_FONTS, font) ?? MONO;
}
