/**
 * The expressions GitBook shows in text as values: a space's variables, `space.vars.<name>`, and
 * a page's own, `page.vars.<name>`. Anything else an expression may say (visitor claims,
 * operators) has no value here, and is shown as the expression it is. Its own entry point
 * (`@quire/document/expressions`) so that the editor shows values without loading the Markdown
 * reader.
 */
const variable = /^\s*(space|page)\.vars\.([A-Za-z_][A-Za-z0-9_]*)\s*$/;

/** The variables expressions may name: the space's (a revision's), and the page's own. */
export interface ExpressionVariables {
  space: Readonly<Record<string, string>>;
  page?: Readonly<Record<string, string>>;
}

/**
 * Resolves expressions naming one of the `space`'s or the `page`'s variables to its value.
 * @example variableValues({ space: { version: '3' }, page: { os: 'linux' } })('page.vars.os'); // 'linux'
 */
export function variableValues({
  space,
  page = {},
}: ExpressionVariables): (expression: string) => string | undefined {
  return (expression) => {
    const [, scope, name] = variable.exec(expression) ?? [];
    if (name === undefined) return undefined;
    const variables = scope === 'page' ? page : space;
    return Object.hasOwn(variables, name) ? variables[name] : undefined;
  };
}
