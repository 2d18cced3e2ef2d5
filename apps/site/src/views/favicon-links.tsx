/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { emojiText } from './emoji.js';
import type { Customization } from './props.js';

type Favicon = NonNullable<Customization['favicon']>;

/** An emoji as an SVG image, so it can be a favicon without a file. */
function emojiIcon(emoji: string): string {
  const text = emojiText(emoji).replace(/[<>&]/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><text y=".9em" font-size="90">${text}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * The favicon's `<link>` elements: its image for each scheme, else its emoji drawn as SVG, else
 * an empty icon.
 *
 * @example
 * <FaviconLinks favicon={{ emoji: '📘' }} />
 */
export function FaviconLinks({ favicon }: { favicon: Favicon | undefined }) {
  const icon = favicon?.icon;
  if (icon?.light !== undefined && icon.dark !== undefined && icon.dark !== icon.light) {
    return (
      <>
        <link rel="icon" href={icon.light} media="(prefers-color-scheme: light)" />
        <link rel="icon" href={icon.dark} media="(prefers-color-scheme: dark)" />
      </>
    );
  }
  const single = icon?.light ?? icon?.dark;
  if (single !== undefined) return <link rel="icon" href={single} />;
  if (favicon?.emoji !== undefined) {
    return <link rel="icon" type="image/svg+xml" href={emojiIcon(favicon.emoji)} />;
  }
  // An empty icon: without one, browsers fetch `/favicon.ico`, which no site serves (a 404).
  return <link rel="icon" href="data:," />;
}
