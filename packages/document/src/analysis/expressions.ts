/**
 * The expressions GitBook shows in text as values: a space's variables, `space.vars.<name>`.
 * Anything else an expression may say (page variables, visitor claims, operators) has no value
 * here, and is shown as the expression it is. Its own entry point (`@quire/document/expressions`)
 * so that the editor shows values without loading the Markdown reader.
 */
const spaceVariable = /^\s*space\.vars\.([A-Za-z_][A-Za-z0-9_]*)\s*$/;

/** Resolves expressions naming one of a space's `variables` (a revision's) to its value. */
export function spaceVariables(
  variables: Readonly<Record<string, string>>,
): (expression: string) => string | undefined {
  return (expression) => {
    const name = spaceVariable.exec(expression)?.[1];
    return name !== undefined && Object.hasOwn(variables, name) ? variables[name] : undefined;
  };
}
