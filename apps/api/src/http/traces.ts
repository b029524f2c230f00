import { randomUUID } from 'node:crypto';
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace';
import {
  ATTR_DB_COLLECTION_NAME,
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_SUMMARY,
  ATTR_DB_QUERY_TEXT,
  ATTR_DB_RESPONSE_STATUS_CODE,
  ATTR_DB_SYSTEM_NAME,
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVICE_INSTANCE_ID,
  ATTR_SERVICE_NAME,
  ATTR_URL_SCHEME,
  DB_SYSTEM_NAME_VALUE_POSTGRESQL,
  HTTP_REQUEST_METHOD_VALUE_OTHER,
} from '@opentelemetry/semantic-conventions';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, StatementWatcher } from '../db/client.js';
import { tracedRequests, type TracedRequest } from '../kernel/traces.js';

/*
 * Traces (issue 33 item 5, docs/decisions/059). Imported by server.ts only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set: without it, nothing of this file or of OpenTelemetry's SDK
 * is loaded. With it, each request is a span (method, route as registered, status), each
 * statement it sends to the database a child span (its text, never its values), and the spans
 * go in batches over OTLP/HTTP (JSON) to the receiver; closing the app sends what is left.
 *
 * The spans are made here, by the app's own hooks and a watcher of the database client
 * (db/client.ts), not by OpenTelemetry's automatic instrumentation: that patches modules as
 * they load, which an ES-module app gets only through loader hooks given on Node's command line.
 * The provider is the app's own, not registered globally: each app (the tests build several in
 * one process) sends its own spans and flushes them on its own close.
 */

/** The instrumentation scope of every span. */
const SCOPE = 'partsworks-shop';

/** A statement's text is cut here in its span (a bulk insert's can be long). */
export const MAX_STATEMENT_TEXT = 4096;

/** How long closing the app waits for the last spans to go, at most. */
const FLUSH_ON_CLOSE_MS = 5_000;

/** A receiver that refuses spans is told in the log once a minute at most. */
const WARN_EVERY_MS = 60_000;

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);

export interface TracesOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: spans go to its `/v1/traces`, as the OTLP specification says. */
  endpoint: string;
  serviceName: string;
  database: Database;
}

export function registerTraces(
  app: FastifyInstance,
  { endpoint, serviceName, database }: TracesOptions,
): void {
  const provider = new TracerProvider({
    resource: defaultResource().merge(
      resourceFromAttributes({
        [ATTR_SERVICE_NAME]: serviceName,
        // Instances of one shop share the name; this tells one's spans from another's.
        [ATTR_SERVICE_INSTANCE_ID]: randomUUID(),
      }),
    ),
    spanProcessors: [
      // In batches: every 5 seconds, or at once when 512 spans wait.
      new BatchSpanProcessor({
        exporter: warningOnFailure(
          new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }),
          app.log,
          endpoint,
        ),
      }),
    ],
  });
  const tracer = provider.getTracer(SCOPE);

  // The request span is started before any other hook runs, and each phase of the request (its
  // hooks, its body's parsing, its handler) runs inside tracedRequests with it, so the
  // statements they send and the work they start (a batch of purchases) are its children. The
  // body arrives in events of the connection, outside it: preValidation enters it again.
  const requests = new WeakMap<FastifyRequest, TracedRequest>();
  app.addHook('onRequest', (request, _reply, done) => {
    const { method } = request;
    const route = request.routeOptions.url;
    const span = tracer.startSpan(
      route ? `${method} ${route}` : method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          [ATTR_HTTP_REQUEST_METHOD]: HTTP_METHODS.has(method)
            ? method
            : HTTP_REQUEST_METHOD_VALUE_OTHER,
          [ATTR_URL_SCHEME]: request.protocol,
          // The route as registered (/api/purchases/:id), never the path asked for: a path
          // may hold an email address (PUT /api/user/{email}).
          ...(route ? { [ATTR_HTTP_ROUTE]: route } : {}),
        },
      },
      ROOT_CONTEXT,
    );
    const traced: TracedRequest = { span };
    requests.set(request, traced);
    tracedRequests.run(traced, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const traced = requests.get(request);
    if (traced) tracedRequests.run(traced, done);
    else done();
  });
  const end = (request: FastifyRequest, outcome: (span: Span) => void) => {
    const traced = requests.get(request);
    if (!traced) return;
    requests.delete(request);
    outcome(traced.span);
    traced.span.end();
  };
  app.addHook('onResponse', (request, reply, done) => {
    end(request, (span) => {
      const status = reply.statusCode;
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
      // A server span fails on 5xx only: a 4xx is the client's mistake, answered as meant.
      if (status >= 500) {
        span.setAttribute(ATTR_ERROR_TYPE, String(status));
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
    });
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request, (span) => {
      span.setAttribute(ATTR_ERROR_TYPE, 'aborted');
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'The client went away.' });
    });
    done();
  });

  database.watchStatements(statementSpans(tracer));

  app.addHook('onClose', async () => {
    // Sends the spans still waiting. A receiver that does not answer holds the close this long
    // at most; the spans it did not take are lost.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      provider.shutdown().catch(() => undefined),
      new Promise((resolve) => {
        timer = setTimeout(resolve, FLUSH_ON_CLOSE_MS);
      }),
    ]);
    clearTimeout(timer);
  });
}

/**
 * A child span of the request's for each statement it sends. A statement sent outside any
 * request (the job runner, the migrations at start) makes none: traces are of requests.
 */
function statementSpans(tracer: ReturnType<TracerProvider['getTracer']>): StatementWatcher {
  return (text) => {
    const traced = tracedRequests.getStore();
    if (!traced) return undefined;
    const { operation, collection } = describeStatement(text);
    const summary = operation && collection ? `${operation} ${collection}` : operation;
    const attributes: Attributes = {
      [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL,
      // The name before semantic conventions 1.26, which many backends still read.
      'db.system': DB_SYSTEM_NAME_VALUE_POSTGRESQL,
      [ATTR_DB_QUERY_TEXT]:
        text.length > MAX_STATEMENT_TEXT ? `${text.slice(0, MAX_STATEMENT_TEXT)}…` : text,
    };
    if (operation) attributes[ATTR_DB_OPERATION_NAME] = operation;
    if (collection) attributes[ATTR_DB_COLLECTION_NAME] = collection;
    if (summary) attributes[ATTR_DB_QUERY_SUMMARY] = summary;
    const span = tracer.startSpan(
      summary ?? DB_SYSTEM_NAME_VALUE_POSTGRESQL,
      { kind: SpanKind.CLIENT, attributes },
      trace.setSpan(ROOT_CONTEXT, traced.span),
    );
    return (error) => {
      if (error !== undefined) {
        // PostgreSQL's SQLSTATE, never its message: a message may quote a value sent.
        const code = (error as { code?: unknown } | null)?.code;
        const sqlState = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
        if (sqlState) span.setAttribute(ATTR_DB_RESPONSE_STATUS_CODE, sqlState);
        span.setAttribute(
          ATTR_ERROR_TYPE,
          sqlState ?? (error instanceof Error ? error.name : 'unknown'),
        );
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    };
  };
}

/**
 * The command of a statement and, when plain to see, the table it works on: `SELECT purchases`,
 * `INSERT orders`, `BEGIN`. The table of a SELECT is its outermost FROM's (subqueries and
 * function calls, in parentheses, are skipped); a statement whose table is not plain keeps the
 * command alone.
 */
export function describeStatement(text: string): { operation?: string; collection?: string } {
  const operation = /^\s*([a-z]+)/i.exec(text)?.[1]?.toUpperCase();
  if (!operation) return {};
  const table = (pattern: RegExp, within = text) => pattern.exec(within)?.[1];
  const name = '"?([A-Za-z_][\\w$]*)"?';
  let collection: string | undefined;
  if (operation === 'INSERT') collection = table(new RegExp(`^\\s*insert\\s+into\\s+${name}`, 'i'));
  else if (operation === 'UPDATE') collection = table(new RegExp(`^\\s*update\\s+${name}`, 'i'));
  else if (operation === 'DELETE') {
    collection = table(new RegExp(`^\\s*delete\\s+from\\s+${name}`, 'i'));
  } else if (operation === 'SELECT') {
    let outer = text;
    let before;
    do {
      before = outer;
      outer = outer.replace(/\([^()]*\)/g, '');
    } while (outer !== before);
    collection = table(new RegExp(`\\bfrom\\s+${name}`, 'i'), outer);
  }
  return collection ? { operation, collection } : { operation };
}

/**
 * The exporter, saying in the log when the receiver cannot be reached or refuses the spans
 * (once a minute at most): OpenTelemetry itself drops them without a word.
 */
function warningOnFailure(
  exporter: SpanExporter,
  log: FastifyBaseLogger,
  endpoint: string,
): SpanExporter {
  let warnedAt = -Infinity;
  return {
    export(spans, resultCallback) {
      exporter.export(spans, (result) => {
        // ExportResultCode.SUCCESS is 0 (@opentelemetry/core).
        if (result.code !== 0 && Date.now() - warnedAt > WARN_EVERY_MS) {
          warnedAt = Date.now();
          log.warn(
            { err: result.error, endpoint, spans: spans.length },
            'traces could not be sent to OTEL_EXPORTER_OTLP_ENDPOINT; spans are dropped',
          );
        }
        resultCallback(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}
