import { STATUS_CODES } from 'node:http';
import type { ApiErrorBody } from '@shop/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** Builds the one error body every API failure answers with (DESIGN section 5). */
export function apiError(statusCode: number, message: string): ApiErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/** A failure a service raises on purpose; the error handler turns it into its status code. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** More fields of the answer besides the standard ones (POST /checkout's `lines`). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string) => new HttpError(404, message);

function valueAt(source: unknown, segments: string[]): unknown {
  let value = source;
  for (const segment of segments) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

const describeType = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

type ValidationIssue = NonNullable<FastifyError['validation']>[number];
interface UnionBranchIssue {
  code: string;
  path: (string | number)[];
  message: string;
}

/**
 * A value that fits no shape of a union (POST /create-payment-intent takes an order, a purchase
 * or invoices) is told what is wrong with the shape it meant: the one whose every complaint is
 * about a key the value has. zod's own "Invalid input" stays when no shape is clearly meant.
 */
const unionBranchMeant =
  (source: unknown) =>
  (issue: ValidationIssue): ValidationIssue[] => {
    const branches = (issue.params as { errors?: unknown }).errors;
    if (issue.keyword !== 'invalid_union' || !Array.isArray(branches)) return [issue];
    const segments = issue.instancePath.split('/').filter(Boolean);
    const value = valueAt(source, segments);
    if (typeof value !== 'object' || value === null) return [issue];
    const meant = (branches as UnionBranchIssue[][]).filter(
      (branch) =>
        branch.length > 0 && branch.every((inner) => String(inner.path[0] ?? '') in value),
    );
    if (meant.length !== 1 || !meant[0]) return [issue];
    return meant[0].map((inner) => ({
      ...issue,
      keyword: inner.code,
      instancePath: `/${[...segments, ...inner.path].join('/')}`,
      message: inner.message,
      params: inner as unknown as Record<string, unknown>,
    }));
  };

/**
 * "email: Please give a valid email address." — the field first, so a client (or a person
 * reading the network tab) knows which value to fix. Issues on the whole body name the part.
 */
function describeValidation(error: FastifyError, request: FastifyRequest): string {
  const part = error.validationContext ?? 'body';
  if (part === 'body' && (request.body === undefined || request.body === null)) {
    return 'body: A JSON request body is required.';
  }
  const source: unknown = request[part as 'body' | 'params' | 'query' | 'headers'];
  const issues = (error.validation ?? []).flatMap(unionBranchMeant(source)).map((issue) => {
    const segments = issue.instancePath.split('/').filter(Boolean);
    const field = segments.join('.') || part;
    const value = valueAt(source, segments);
    // The shared schemas word a missing value as "This field is required."; a value of the
    // wrong type is not missing, so it gets a message that says what was expected.
    // zod words a fraction where a whole number belongs as a type error too ("expected int");
    // the schema's own message says it better (a minimum order in whole pieces).
    const fraction = issue.params.expected === 'int' && typeof value === 'number';
    if (issue.keyword === 'invalid_type' && value !== undefined && !fraction) {
      return `${field}: Expected ${String(issue.params.expected)}, received ${describeType(value)}.`;
    }
    return `${field}: ${issue.message ?? 'is invalid'}`;
  });
  return issues.join(' ') || `${part}: is invalid`;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(apiError(400, describeValidation(error, request)));
    }
    const status = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON 400, body too large 413, unsupported media
      // type 415, rate limit 429) carry a message meant for the client.
      const details = error instanceof HttpError ? error.details : undefined;
      return reply.code(status).send({ ...apiError(status, error.message), ...details });
    }
    request.log.error({ err: error }, 'request failed');
    // The details stay in the log: an internal message can leak table or file names.
    return reply
      .code(500)
      .send(apiError(500, 'Something went wrong on our side. Please try again later.'));
  });
}

/**
 * Errors the router raises before any route or hook runs (a malformed %-escape, an oversized
 * path parameter); without this Fastify answers them in its own shape.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.statusCode ?? 400;
  const message = status === 414 ? 'The address is too long.' : 'The address is not valid.';
  return reply.code(status).send(apiError(status, message));
}

/** JSON 404 for an unknown path under /api, whatever the method. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? request.url;
  return reply.code(404).send(apiError(404, `No API route for ${request.method} ${path}.`));
}
