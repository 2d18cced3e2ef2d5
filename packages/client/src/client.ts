import type { paths } from '@quire/contract';
import createClient, {
  type Client,
  type ClientPathsWithMethod,
  type FetchResponse,
  type MaybeOptionalInit,
} from 'openapi-fetch';
import { QuireApiError } from './errors.js';

type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

// openapi-fetch makes `init` optional exactly when nothing in it is required; keep that here.
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type InitArgs<Init> = RequiredKeys<Init> extends never ? [Init?] : [Init];

type SuccessData<Path extends keyof paths, Method extends HttpMethod, Init> = NonNullable<
  FetchResponse<
    paths[Path][Method] & Record<string | number, unknown>,
    Init,
    'application/json'
  >['data']
>;
// A bodiless success (204) resolves to undefined rather than `never`.
type Resolved<Data> = [Data] extends [never] ? undefined : Data;

/** A method of the client: resolves to the success body, throws {@link QuireApiError} otherwise. */
export type DataMethod<Method extends HttpMethod> = <
  Path extends ClientPathsWithMethod<Client<paths>, Method>,
  Init extends MaybeOptionalInit<paths[Path], Method>,
>(
  path: Path,
  ...init: InitArgs<Init>
) => Promise<Resolved<SuccessData<Path, Method, Init>>>;

/** The typed Quire client. Paths are the contract's, after `/v1`. */
export interface QuireClient {
  GET: DataMethod<'get'>;
  POST: DataMethod<'post'>;
  PUT: DataMethod<'put'>;
  PATCH: DataMethod<'patch'>;
  DELETE: DataMethod<'delete'>;
  /** The underlying openapi-fetch client, for responses you want to inspect yourself. */
  raw: Client<paths>;
}

/** Options of {@link createQuireClient}. */
export interface QuireClientOptions {
  /** Where the server answers, without `/v1`: `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** An API token (`qr_…`); omit it for the operations that need none. */
  token?: string;
  /** A `fetch` to send requests with; tests pass the in-process server's. */
  fetch?: (request: Request) => Promise<Response>;
  /**
   * Calls as Quire's own app, signed in with its session cookie instead of a token: requests
   * carry the cookie and `X-Quire-App: 1`, without which the server ignores it.
   */
  session?: boolean;
}

/**
 * Creates a typed client for the Quire API.
 * @example
 * const client = createQuireClient({ baseUrl: 'http://127.0.0.1:8080', token: 'qr_…' });
 * const space = await client.GET('/spaces/{spaceId}', { params: { path: { spaceId } } });
 */
export function createQuireClient({
  baseUrl,
  token,
  fetch,
  session = false,
}: QuireClientOptions): QuireClient {
  const raw = createClient<paths>({
    baseUrl: `${baseUrl.replace(/\/+$/, '')}/v1`,
    headers: {
      ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
      ...(session ? { 'X-Quire-App': '1' } : {}),
    },
    ...(session ? { credentials: 'same-origin' as const } : {}),
    ...(fetch === undefined ? {} : { fetch }),
  });

  const send = async (method: HttpMethod, path: string, init: unknown): Promise<unknown> => {
    const request = raw.request as (
      method: HttpMethod,
      path: string,
      init: unknown,
    ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    const { data, error, response } = await request(method, path, init ?? {});
    if (!response.ok) throw QuireApiError.fromResponse(response, error);
    return data;
  };
  // The contract's types are enforced by DataMethod at every call site; here one function serves
  // every path, so its signature is the loose one.
  const method = <Method extends HttpMethod>(name: Method) =>
    ((path: string, init?: unknown) => send(name, path, init)) as unknown as DataMethod<Method>;

  return {
    GET: method('get'),
    POST: method('post'),
    PUT: method('put'),
    PATCH: method('patch'),
    DELETE: method('delete'),
    raw,
  };
}
