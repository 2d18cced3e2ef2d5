import { hintStyles } from '@quire/editor-schema';
import { NodeSelection } from '@tiptap/pm/state';
import { type Editor, useEditorState } from '@tiptap/react';
import { addItemAfter } from './container-blocks.js';
import {
  type ImageSettings,
  imageAlignments,
  imageSettingsOf,
  withImageSettings,
} from './image-settings.js';
import { linkablePages } from './page-links.js';

// The languages offered for a code block, by the names GitBook writes after its fence.
const languages = [
  'bash',
  'c',
  'cpp',
  'csharp',
  'css',
  'diff',
  'go',
  'graphql',
  'html',
  'java',
  'javascript',
  'json',
  'kotlin',
  'markdown',
  'php',
  'python',
  'ruby',
  'rust',
  'sh',
  'sql',
  'swift',
  'typescript',
  'xml',
  'yaml',
];

/**
 * The settings of the block the cursor is in, kept in view below the writing surface: a code
 * block's language, a hint's style, a tab's title (and another tab), another step, an
 * expandable's title, a selected formula's TeX, a table's rows and columns. Tab from the text
 * reaches them; a change applies at once, and a choice sends the cursor back to the text.
 */
export function BlockSettings({ editor }: { editor: Editor }) {
  const block = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      language: current.isActive('codeBlock')
        ? ((current.getAttributes('codeBlock').language as string | null) ?? '')
        : undefined,
      hint: current.isActive('hint')
        ? String(current.getAttributes('hint').style ?? 'info')
        : undefined,
      tab: current.isActive('tabsItem')
        ? String(current.getAttributes('tabsItem').title ?? '')
        : undefined,
      tabs: current.isActive('tabsItem') ? (findParentCount(current, 'tabs') ?? 1) : 0,
      step: current.isActive('stepperStep'),
      expandable: current.isActive('expandable')
        ? String(current.getAttributes('expandable').title ?? '')
        : undefined,
      formula: selectedFormula(current),
      embed: selectedAttributes(current, 'embed'),
      pageLink: pageLinkOf(selectedAttributes(current, 'contentRef')),
      expression: selectedAttributes(current, 'expression')?.expression as string | undefined,
      file: selectedAttributes(current, 'file'),
      image: imageSettingsOf(selectedAttributes(current, 'keptBlock')?.node),
      condition: current.isActive('conditional')
        ? String(current.getAttributes('conditional').expression ?? '')
        : undefined,
      table: current.isActive('table'),
    }),
  });
  const none =
    block.language === undefined &&
    block.hint === undefined &&
    block.tab === undefined &&
    !block.step &&
    block.expandable === undefined &&
    block.formula === undefined &&
    block.embed === undefined &&
    block.pageLink === undefined &&
    block.expression === undefined &&
    block.file === undefined &&
    block.condition === undefined &&
    block.image === undefined &&
    !block.table;
  if (none) return null;
  const offered =
    block.language === undefined || block.language === '' || languages.includes(block.language)
      ? languages
      : [block.language, ...languages];
  const set = (node: string, attributes: Record<string, unknown>) =>
    editor.chain().focus().updateAttributes(node, attributes).run();
  return (
    <div className="block-settings">
      {block.language !== undefined && (
        <Setting
          label="Code language"
          value={block.language}
          choices={[
            ['', 'Plain text'],
            ...offered.map((language) => [language, language] as const),
          ]}
          onChoose={(language) => set('codeBlock', { language: language || null })}
        />
      )}
      {block.hint !== undefined && (
        <Setting
          label="Hint style"
          value={block.hint}
          choices={hintStyles.map((style) => [style, style] as const)}
          onChoose={(style) => set('hint', { style })}
        />
      )}
      {block.tab !== undefined && (
        <>
          <TextSetting
            label="Tab title"
            value={block.tab}
            onChange={(title) => editor.chain().updateAttributes('tabsItem', { title }).run()}
          />
          <button
            type="button"
            onClick={() => addItemAfter(editor, 'tabsItem', { title: `Tab ${block.tabs + 1}` })}
          >
            Add a tab
          </button>
        </>
      )}
      {block.step && (
        <button type="button" onClick={() => addItemAfter(editor, 'stepperStep')}>
          Add a step
        </button>
      )}
      {block.expandable !== undefined && (
        <TextSetting
          label="Expandable title"
          value={block.expandable}
          onChange={(title) => editor.chain().updateAttributes('expandable', { title }).run()}
        />
      )}
      {block.table && <TableSettings editor={editor} />}
      {block.formula !== undefined && (
        <label>
          Formula (TeX){' '}
          <textarea
            rows={2}
            value={block.formula.formula}
            onChange={(event) =>
              editor
                .chain()
                .updateAttributes(block.formula?.type ?? 'mathBlock', {
                  formula: event.target.value,
                })
                .run()
            }
          />
        </label>
      )}
      {block.expression !== undefined && (
        <TextSetting
          label="Expression"
          value={block.expression}
          onChange={(expression) =>
            editor.chain().updateAttributes('expression', { expression }).run()
          }
        />
      )}
      {block.pageLink !== undefined && (
        <Setting
          label="Links to"
          value={block.pageLink?.kind === 'page' ? (block.pageLink.page ?? '') : ''}
          choices={[
            ['', 'Choose a page'],
            ...linkablePages(editor).map((page) => [page.id, page.title || 'Untitled'] as const),
          ]}
          onChoose={(page) => {
            if (page === '') return;
            editor
              .chain()
              .updateAttributes('contentRef', { ref: { kind: 'page', page } })
              .run();
            editor.commands.focus();
          }}
        />
      )}
      {block.embed !== undefined && (
        <>
          <TextSetting
            label="Embed URL"
            value={String(block.embed.url ?? '')}
            onChange={(url) => editor.chain().updateAttributes('embed', { url }).run()}
          />
          <CaptionSetting editor={editor} type="embed" caption={block.embed.caption} />
        </>
      )}
      {block.file !== undefined && (
        <CaptionSetting editor={editor} type="file" caption={block.file.caption} />
      )}
      {block.image !== undefined && <ImageSettingsForm editor={editor} settings={block.image} />}
      {block.condition !== undefined && (
        <TextSetting
          label="Shown when"
          value={block.condition}
          onChange={(expression) =>
            editor.chain().updateAttributes('conditional', { expression }).run()
          }
        />
      )}
    </div>
  );
}

/**
 * What the writer does to the table the cursor is in: rows and columns added after the cell, or
 * the cell's row or column deleted (never the header row: GitBook's columns are named by it).
 */
function TableSettings({ editor }: { editor: Editor }) {
  const inHeader = useEditorState({
    editor,
    selector: ({ editor: current }) => current.isActive('tableHeader'),
  });
  // The text takes the focus back at once, as when a tab or a step is added: Tiptap's `focus()`
  // waits a frame, and keys pressed meanwhile (Tab to the next cell) went to the next button.
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => {
    command(editor.chain()).run();
    editor.view.focus();
  };
  return (
    <>
      <button type="button" onClick={() => run((chain) => chain.addRowAfter())}>
        Add a row
      </button>
      <button type="button" onClick={() => run((chain) => chain.addColumnAfter())}>
        Add a column
      </button>
      {!inHeader && (
        <button type="button" onClick={() => run((chain) => chain.deleteRow())}>
          Delete the row
        </button>
      )}
      <button type="button" onClick={() => run((chain) => chain.deleteColumn())}>
        Delete the column
      </button>
      <button type="button" onClick={() => run((chain) => chain.deleteTable())}>
        Delete the table
      </button>
    </>
  );
}

/** The formula selected, in a block or in running text, if one is. */
function selectedFormula(editor: Editor): { type: string; formula: string } | undefined {
  const { selection } = editor.state;
  if (!(selection instanceof NodeSelection)) return undefined;
  const type = selection.node.type.name;
  return type === 'mathBlock' || type === 'inlineMath'
    ? { type, formula: String(selection.node.attrs.formula ?? '') }
    : undefined;
}

/** The page a selected page link card names: `null` while it names none yet. */
function pageLinkOf(
  attributes: Record<string, unknown> | undefined,
): { kind?: string; page?: string } | null | undefined {
  if (attributes === undefined) return undefined;
  return (attributes.ref ?? null) as { kind?: string; page?: string } | null;
}

/** The attributes of the node of `type` selected, if one is. */
function selectedAttributes(editor: Editor, type: string): Record<string, unknown> | undefined {
  const { selection } = editor.state;
  return selection instanceof NodeSelection && selection.node.type.name === type
    ? selection.node.attrs
    : undefined;
}

/** An image's alt text, caption, width and alignment, set on its kept block. */
function ImageSettingsForm({ editor, settings }: { editor: Editor; settings: ImageSettings }) {
  const set = (changes: Partial<ImageSettings>) => {
    const node = selectedAttributes(editor, 'keptBlock')?.node;
    editor
      .chain()
      .updateAttributes('keptBlock', { node: withImageSettings(node, changes) })
      .run();
  };
  return (
    <>
      <TextSetting label="Alt text" value={settings.alt} onChange={(alt) => set({ alt })} />
      <TextSetting
        label="Caption"
        value={settings.caption}
        onChange={(caption) => set({ caption })}
      />
      <TextSetting
        label="Width (pixels or %)"
        value={settings.width}
        onChange={(width) => set({ width })}
      />
      <Setting
        label="Align"
        value={settings.align}
        choices={[
          ['', 'As the site does'],
          ...imageAlignments.map((align) => [align, align] as const),
        ]}
        onChoose={(align) => {
          set({ align: align as ImageSettings['align'] });
          editor.commands.focus();
        }}
      />
    </>
  );
}

/** A caption, as GitBook writes one inside an embed's or a file's tags: none when empty. */
function CaptionSetting({
  editor,
  type,
  caption,
}: {
  editor: Editor;
  type: string;
  caption: unknown;
}) {
  return (
    <TextSetting
      label="Caption"
      value={typeof caption === 'string' ? caption : ''}
      onChange={(value) =>
        editor
          .chain()
          .updateAttributes(type, { caption: value === '' ? null : value })
          .run()
      }
    />
  );
}

/** One setting of the block that is text, applied as it is typed. */
function TextSetting({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label>
      {label} <input value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

/** How many items the innermost container of `type` around the cursor holds. */
function findParentCount(editor: Editor, type: string): number | undefined {
  const { $from } = editor.state.selection;
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    const node = $from.node(depth);
    if (node.type.name === type) return node.childCount;
  }
  return undefined;
}

/** One setting of the block: a labelled choice, applied as soon as it is made. */
function Setting({
  label,
  value,
  choices,
  onChoose,
}: {
  label: string;
  value: string;
  choices: readonly (readonly [value: string, text: string])[];
  onChoose: (value: string) => void;
}) {
  return (
    <label>
      {label}{' '}
      <select value={value} onChange={(event) => onChoose(event.target.value)}>
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
