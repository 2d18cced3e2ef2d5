import { spaceVariables } from '@quire/document/expressions';
import { type Editor, Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import Suggestion from '@tiptap/suggestion';
import { suggestionMenu } from './suggestion-menu.js';

/** A variable the `{{` menu offers. */
interface VariableChoice {
  title: string;
  expression: string;
}

type Variables = Readonly<Record<string, string>>;

const shown = 8;

/**
 * GitBook's variables in running text. `{{` opens the space's variables, filtered as the writer
 * types; choosing one puts its expression (`space.vars.version`) at the cursor. An expression
 * shows the value of the variable it names, and says what it is when hovered; one that names no
 * variable shows as the expression it is.
 */
export const VariablesInText = Extension.create<
  { variables: () => Variables },
  { redraws: Set<() => void> }
>({
  name: 'variablesInText',
  addOptions: () => ({ variables: () => ({}) }),
  addStorage: () => ({ redraws: new Set() }),
  addProseMirrorPlugins() {
    const { variables } = this.options;
    const { redraws } = this.storage;
    return [
      Suggestion<VariableChoice, VariableChoice>({
        editor: this.editor,
        pluginKey: new PluginKey('variablesInText'),
        char: '{{',
        items: ({ query }) => {
          const wanted = query.trim().toLowerCase();
          return Object.entries(variables())
            .filter(([name]) => name.toLowerCase().includes(wanted))
            .slice(0, shown)
            .map(([name, value]) => ({
              title: `${name}: ${value}`,
              expression: `space.vars.${name}`,
            }));
        },
        command: ({ editor, range, props }) => {
          editor
            .chain()
            .focus()
            .deleteRange(range)
            .insertContent({ type: 'expression', attrs: { expression: props.expression } })
            .run();
        },
        render: suggestionMenu<VariableChoice>('Insert a variable', 'variable-choice'),
      }),
      new Plugin({
        key: new PluginKey('expressionViews'),
        props: {
          nodeViews: {
            expression: (node) => {
              const dom = document.createElement('span');
              dom.className = 'expression';
              dom.contentEditable = 'false';
              const expression = String(node.attrs.expression ?? '');
              const draw = () => {
                const value = spaceVariables(variables())(expression);
                dom.textContent = value ?? (expression || 'Empty expression');
                dom.title = expression;
                dom.dataset.resolved = String(value !== undefined);
              };
              draw();
              redraws.add(draw);
              return { dom, destroy: () => redraws.delete(draw) };
            },
          },
        },
      }),
    ];
  },
});

/** Shows every expression of the editor with the variables as they are now. */
export function redrawExpressions(editor: Editor): void {
  const storage = (editor.storage as unknown as Record<string, { redraws?: Set<() => void> }>)
    .variablesInText;
  for (const draw of storage?.redraws ?? []) draw();
}
