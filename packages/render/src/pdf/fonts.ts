import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import './pdfkit-types.js';

// DejaVu covers Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew and much of Arabic, with a
// monospace face for code: embedded (pdfkit keeps only the glyphs used), a PDF prints the
// languages docs are written in, not Western European text alone as the standard PDF fonts do.
const files = {
  Sans: 'DejaVuSans.ttf',
  'Sans-Bold': 'DejaVuSans-Bold.ttf',
  'Sans-Oblique': 'DejaVuSans-Oblique.ttf',
  'Sans-BoldOblique': 'DejaVuSans-BoldOblique.ttf',
  Mono: 'DejaVuSansMono.ttf',
  'Mono-Bold': 'DejaVuSansMono-Bold.ttf',
  'Mono-Oblique': 'DejaVuSansMono-Oblique.ttf',
  'Mono-BoldOblique': 'DejaVuSansMono-BoldOblique.ttf',
} as const;

/** The name a font is registered under in every PDF. */
export type EmbeddedFont = keyof typeof files;

const require = createRequire(import.meta.url);
let loaded: Map<EmbeddedFont, Buffer> | undefined;

// Read once per process (or worker thread): every PDF it makes embeds from the same bytes.
function fontBytes(): Map<EmbeddedFont, Buffer> {
  loaded ??= new Map(
    Object.entries(files).map(([name, file]) => [
      name as EmbeddedFont,
      readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)),
    ]),
  );
  return loaded;
}

/** Registers the embedded fonts with a document, under their `EmbeddedFont` names. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const [name, bytes] of fontBytes()) doc.registerFont(name, bytes);
}

let covered: Set<number> | undefined;

/** Whether the body font has a glyph for this code point. */
export function hasGlyph(codePoint: number): boolean {
  if (covered === undefined) {
    const font = fontkit.create(fontBytes().get('Sans') ?? Buffer.alloc(0));
    covered = new Set('characterSet' in font ? font.characterSet : []);
  }
  return covered.has(codePoint);
}
