/** One page of any Quire list. */
export interface ListPage<Item> {
  items: Item[];
  next?: { page: string };
}

/**
 * Walks every page of a list operation, following `next.page`, and yields the items one by one.
 * @example
 * for await (const space of paginate((page) =>
 *   client.GET('/orgs/{organizationId}/spaces', { params: { path: { organizationId }, query: { page } } }),
 * )) { console.log(space.title); }
 */
export async function* paginate<Item>(
  fetchPage: (page: string | undefined) => Promise<ListPage<Item>>,
): AsyncGenerator<Item, void, undefined> {
  let page: string | undefined;
  do {
    const result = await fetchPage(page);
    yield* result.items;
    page = result.next?.page;
  } while (page !== undefined);
}
