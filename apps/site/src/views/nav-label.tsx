/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { emojiText } from './emoji.js';

/**
 * A navigation entry's label: its emoji or icon (decorative, hidden from screen readers), then
 * its title.
 *
 * @example
 * <NavLabel title="API" emoji="1f680" />
 */
export function NavLabel(props: { title: string; emoji?: string; icon?: string }) {
  return (
    <>
      {props.emoji ? (
        <span aria-hidden="true">{emojiText(props.emoji)}</span>
      ) : (
        // Icons are Font Awesome names, written as the content's icons are.
        props.icon && <i class={`fa-${props.icon.replace(/[^a-z\d-]/g, '')}`} aria-hidden="true" />
      )}
      <span>{props.title}</span>
    </>
  );
}
