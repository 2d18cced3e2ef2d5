import { hintStyles } from '@quire/editor-schema';
import { type Editor, useEditorState } from '@tiptap/react';

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
 * block's language, a hint's style. Tab from the text reaches them; a change applies at once and
 * the cursor goes back to the text.
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
    }),
  });
  if (block.language === undefined && block.hint === undefined) return null;
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
    </div>
  );
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
