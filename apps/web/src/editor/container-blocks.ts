import type { ChainedCommands, Editor } from '@tiptap/core';
import { NodeSelection, TextSelection, type Transaction } from '@tiptap/pm/state';

/**
 * Adds an item after the one the cursor is in (a tab after this tab, a step after this step),
 * with an empty paragraph the cursor moves into; false when the cursor is in no such item.
 */
export function addItemAfter(
  editor: Editor,
  itemType: 'tabsItem' | 'stepperStep',
  attributes: Record<string, unknown> = {},
): boolean {
  const { state } = editor;
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    if ($from.node(depth).type.name !== itemType) continue;
    const after = $from.after(depth);
    const { schema } = state;
    const item = schema.nodes[itemType]?.create(attributes, schema.nodes.paragraph?.create());
    if (item === undefined) return false;
    const tr = state.tr.insert(after, item);
    // Inside the new item, then inside its paragraph.
    tr.setSelection(TextSelection.create(tr.doc, after + 2));
    editor.view.dispatch(tr.scrollIntoView());
    editor.view.focus();
    return true;
  }
  return false;
}

/**
 * Puts a block the writer sets below the text (a formula, an embed, a page link) where the `/` menu was
 * opened: in place of the empty line, or after the line, and selects it so its settings are
 * edited at once.
 */
export function insertAtom(
  chain: ChainedCommands,
  type: 'mathBlock' | 'embed' | 'contentRef',
): ChainedCommands {
  return chain.command(({ tr, state }: { tr: Transaction; state: Editor['state'] }) => {
    const atom = state.schema.nodes[type]?.create();
    if (atom === undefined) return false;
    const { $from } = tr.selection;
    const line = $from.parent;
    const start = $from.before();
    if (line.content.size === 0) {
      tr.replaceWith(start, $from.after(), atom);
      tr.setSelection(NodeSelection.create(tr.doc, start));
    } else {
      const after = $from.after();
      tr.insert(after, atom);
      tr.setSelection(NodeSelection.create(tr.doc, after));
    }
    return true;
  });
}
