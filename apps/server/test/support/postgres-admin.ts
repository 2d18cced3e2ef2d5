import pg from 'pg';

/** Runs `use` on a connection of its own to `url`, closed afterwards. */
export async function withAdminClient(
  url: string,
  use: (client: pg.Client) => Promise<unknown>,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await use(client);
  } finally {
    await client.end();
  }
}
