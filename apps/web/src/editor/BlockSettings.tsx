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
  return (
    <div className="block-settings">
      {block.language !== undefined && (
        <label>
          Code language{' '}
          <select
            value={block.language}
            onChange={(event) =>
              editor
                .chain()
                .focus()
                .updateAttributes('codeBlock', { language: event.target.value || null })
                .run()
            }
          >
            <option value="">Plain text</option>
            {offered.map((language) => (
              <option key={language} value={language}>
                {language}
              </option>
            ))}
          </select>
        </label>
      )}
      {block.hint !== undefined && (
        <label>
          Hint style{' '}
          <select
            value={block.hint}
            onChange={(event) =>
              editor.chain().focus().updateAttributes('hint', { style: event.target.value }).run()
            }
          >
            {hintStyles.map((style) => (
              <option key={style} value={style}>
                {style}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
