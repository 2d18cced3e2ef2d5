import { type ExpressionVariables, variableValues } from '@quire/document/expressions';
import { type Editor, Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import Suggestion from '@tiptap/suggestion';
import { suggestionMenu } from './suggestion-menu.js';

/** A variable the `{{` menu offers. */
interface VariableChoice {
  title: string;
  expression: string;
}

const shown = 8;

/**
 * GitBook's variables in running text. `{{` opens the page's own variables and the space's,
 * filtered as the writer types; choosing one puts its expression (`page.vars.os`,
 * `space.vars.version`) at the cursor. An expression shows the value of the variable it names,
 * and says what it is when hovered; one that names no variable shows as the expression it is.
 */
export const VariablesInText = Extension.create<
  { variables: () => ExpressionVariables },
  { redraws: Set<() => void> }
>({
  name: 'variablesInText',
  addOptions: () => ({ variables: () => ({ space: {} }) }),
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
          const { space, page = {} } = variables();
          return [
            ...Object.entries(page).map(([name, value]) => ({
              name,
              title: `${name}: ${value} (this page)`,
              expression: `page.vars.${name}`,
            })),
            ...Object.entries(space).map(([name, value]) => ({
              name,
              title: `${name}: ${value}`,
              expression: `space.vars.${name}`,
            })),
          ]
            .filter(({ name }) => name.toLowerCase().includes(wanted))
            .slice(0, shown)
            .map(({ title, expression }) => ({ title, expression }));
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
                const value = variableValues(variables())(expression);
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
