import {
  IDEMPOTENCY_KEY_HEADER,
  urlOf,
  type ApiErrorBody,
  type Callable,
  type EndpointSpec,
  type InputOf,
  type SuccessOf,
} from '@shop/shared';
import { routes } from 'virtual:api-routes';
import { readAccessToken, storeAccessToken } from './access-token-storage';
import { ApiError, NETWORK_ERROR_STATUS } from './api-error';
import { API_URL } from './api-url';
import { fetchAuthSession } from './auth-session';

export { API_URL } from './api-url';
export { ApiError, NETWORK_ERROR_STATUS } from './api-error';

/** What checks an answer: a zod schema of packages/shared, or anything with its safeParse. */
export interface AnswerSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

export interface CallOptions<T> {
  /**
   * Checks the answer against this schema, so a contract drift shows as an error, not as a
   * broken page. Without one the answer is trusted as a T: the server validates every answer
   * with the same shared schemas when it serializes it, and the first page's requests leave the
   * schema out so no zod has to load with it (docs/decisions/008).
   */
  schema?: AnswerSchema<T>;
  signal?: AbortSignal;
  /**
   * Reads an error answer that is not the API's own shape, such as the payment gateway's
   * Stripe-style `{ error: { type, message } }`, into the error name and message to report.
   */
  readError?: (payload: unknown) => { error: string; message: string } | null;
  /** Sent as `Idempotency-Key` (one per submission: ./attempt-key.ts). */
  idempotencyKey?: string;
}

function authorizationHeader(): Record<string, string> {
  const token = readAccessToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function send(
  path: string,
  method: string,
  body: unknown,
  signal?: AbortSignal,
  idempotencyKey?: string,
) {
  const headers: Record<string, string> = { Accept: 'application/json', ...authorizationHeader() };
  if (idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
  // A form (a file upload) sets its own multipart Content-Type, with the boundary.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(`${API_URL}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(
      NETWORK_ERROR_STATUS,
      'Network Error',
      'The shop server cannot be reached. Please check your connection and try again.',
    );
  }
}

/** The API's error body (DESIGN section 5), told apart from other error answers by its fields. */
function isApiErrorBody(payload: unknown): payload is ApiErrorBody {
  if (typeof payload !== 'object' || payload === null) return false;
  const { statusCode, error, message } = payload as Partial<Record<keyof ApiErrorBody, unknown>>;
  return Number.isInteger(statusCode) && typeof error === 'string' && typeof message === 'string';
}

const unexpectedAnswer = (status: number) =>
  new ApiError(
    status,
    'Unexpected Response',
    'The shop server sent an answer this page does not understand. Please try again later.',
  );

async function parseAnswer<T>(
  response: Response,
  schema: AnswerSchema<T> | undefined,
  readError?: CallOptions<T>['readError'],
): Promise<T> {
  const payload = await readJson(response);
  if (!response.ok) {
    if (isApiErrorBody(payload)) {
      throw new ApiError(payload.statusCode, payload.error, payload.message, payload);
    }
    const other = readError?.(payload);
    if (other) throw new ApiError(response.status, other.error, other.message);
    throw new ApiError(
      response.status,
      response.statusText || 'Error',
      `The shop server answered with an error (${response.status}). Please try again later.`,
    );
  }

  // Not JSON at all (an HTML page from a proxy, say) is never a shop answer.
  if (payload === undefined) throw unexpectedAnswer(response.status);
  if (!schema) return payload as T;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw unexpectedAnswer(response.status);
  return parsed.data;
}

/**
 * Trades the Better Auth session cookie for the shop token (DESIGN section 4) and keeps it in
 * localStorage. Never renewed itself: a 401 here means there is no session.
 */
export async function issueAccessToken(email: string): Promise<string> {
  const route = routes.identity.issueToken;
  const input = { params: { email }, body: { email } };
  const response = await send(urlOf(route, input), route.method, input.body);
  const { token } = await parseAnswer<SuccessOf<typeof route>>(response, undefined);
  storeAccessToken(token);
  return token;
}

let renewal: Promise<boolean> | null = null;

/**
 * A token expires long before the session does, so a 401 first asks for a new token with the
 * session's email. Parallel 401s share one renewal.
 */
function renewAccessToken(): Promise<boolean> {
  renewal ??= (async () => {
    try {
      const session = await fetchAuthSession();
      if (!session) return false;
      await issueAccessToken(session.user.email);
      return true;
    } catch {
      return false;
    } finally {
      renewal = null;
    }
  })();
  return renewal;
}

/** A call's input and options; the input may be left out when the endpoint takes none. */
type CallArgs<E extends EndpointSpec> =
  object extends InputOf<E>
    ? [input?: InputOf<E>, options?: CallOptions<SuccessOf<E>>]
    : [input: InputOf<E>, options?: CallOptions<SuccessOf<E>>];

/**
 * The one way the web app calls the shop API, through an endpoint's contract
 * (packages/shared/src/api; the web app passes the zod-free route from `virtual:api-routes`):
 * path, query and body are built from the input, and the answer is typed by the contract, so a
 * change of shape is a type error here. Sends the bearer token, renews it once on a 401 and
 * repeats the call once; a second 401 (or a 403) reaches the caller as an ApiError whose
 * `isAuthFailure` is true.
 */
export async function call<E extends EndpointSpec>(
  route: Callable<E>,
  ...[input, options = {}]: CallArgs<E>
): Promise<SuccessOf<E>> {
  const { schema, signal, readError, idempotencyKey } = options;
  const path = urlOf(route, input ?? {});
  const { body } = (input ?? {}) as { body?: unknown };
  let response = await send(path, route.method, body, signal, idempotencyKey);
  if (response.status === 401 && (await renewAccessToken())) {
    response = await send(path, route.method, body, signal, idempotencyKey);
  }
  return parseAnswer(response, schema, readError);
}

/**
 * A file the API answers (a purchase's invoice PDF), through the endpoint's contract like `call`:
 * the bearer token, one renewal on a 401, the API's error as an ApiError; the bytes as a Blob.
 */
export async function download<E extends EndpointSpec>(
  route: Callable<E>,
  input: InputOf<E>,
): Promise<Blob> {
  const path = urlOf(route, input as Parameters<typeof urlOf>[1]);
  let response = await send(path, route.method, undefined);
  if (response.status === 401 && (await renewAccessToken())) {
    response = await send(path, route.method, undefined);
  }
  if (!response.ok) await parseAnswer(response, undefined);
  return response.blob();
}

/**
 * A multipart form (a product image) to an endpoint that takes one, like `call`: the bearer
 * token, one renewal on a 401, the answer typed by the contract.
 */
export async function upload<E extends EndpointSpec>(
  route: Callable<E>,
  form: FormData,
  options: CallOptions<SuccessOf<E>> = {},
): Promise<SuccessOf<E>> {
  const path = urlOf(route, {} as Parameters<typeof urlOf>[1]);
  let response = await send(path, route.method, form, options.signal);
  if (response.status === 401 && (await renewAccessToken())) {
    response = await send(path, route.method, form, options.signal);
  }
  return parseAnswer(response, options.schema);
}

export { routes };
