import { parseArgs } from 'node:util';
import { runCommand, usage } from './cli/commands.js';
import { ConfigError } from './config.js';
import { DomainError } from './errors.js';

// `quire <area> <action> [--flags]`: administration from the shell, on the server's DATABASE_URL.
// Results are one JSON line on stdout, so scripts can read them; problems go to stderr with
// exit code 1.
const { positionals, values } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  strict: true,
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    org: { type: 'string' },
    role: { type: 'string' },
    user: { type: 'string' },
    token: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help || positionals.length === 0) {
  process.stdout.write(usage);
  process.exit(values.help ? 0 : 1);
}

// `quire mcp` keeps stdout for the protocol; every other command prints its result there.
const running =
  positionals[0] === 'mcp' && positionals.length === 1
    ? // Loaded for this command only: the MCP server and its tools are most of what the CLI loads.
      import('./cli/mcp-stdio.js').then(({ serveMcpOverStdio }) =>
        serveMcpOverStdio(values, process.env),
      )
    : runCommand(positionals, values, process.env).then((result) => {
        process.stdout.write(`${JSON.stringify(result)}\n`);
      });

running.catch((error: unknown) => {
  const known = error instanceof DomainError || error instanceof ConfigError;
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    `quire: ${known ? message : error instanceof Error ? error.stack : message}\n`,
  );
  process.exitCode = 1;
});
