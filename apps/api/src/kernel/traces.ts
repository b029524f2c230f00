import { AsyncLocalStorage } from 'node:async_hooks';
import type { Span } from '@opentelemetry/api';

/*
 * What the rest of the shop tells the traces (issue 33 item 5, docs/decisions/059) without
 * loading OpenTelemetry: http/traces.ts, imported only when OTEL_EXPORTER_OTLP_ENDPOINT is set,
 * runs each request's hooks and handler inside `tracedRequests` with the request's span. Unset,
 * nothing ever enters it, and each function here is one lookup that finds nothing. (The import
 * of `Span` above is a type: it is gone from the JavaScript.)
 */

/** The request being traced, as its hooks, its handler and the work they start see it. */
export interface TracedRequest {
  readonly span: Span;
  /** The purchase the span names, once it names one. */
  purchaseNumber?: string;
}

export const tracedRequests = new AsyncLocalStorage<TracedRequest>();

/** The attribute of a request span that names the purchase the request placed or was about. */
export const PURCHASE_NUMBER_ATTRIBUTE = 'shop.purchase.number';

function name(traced: TracedRequest, number: string) {
  traced.purchaseNumber = number;
  traced.span.setAttribute(PURCHASE_NUMBER_ATTRIBUTE, number);
}

/** The request placed purchase `number`: its span names it, whatever it read before (a reorder). */
export function notePurchasePlaced(number: string): void {
  const traced = tracedRequests.getStore();
  if (traced) name(traced, number);
}

/**
 * The request reads or changes purchase `number` (pays it, withdraws it, ships it): its span
 * names it, unless it already names one, the first it was about.
 */
export function notePurchase(number: string): void {
  const traced = tracedRequests.getStore();
  if (traced && traced.purchaseNumber === undefined) name(traced, number);
}

/**
 * Runs `work` as no request's: the job runner a request wakes works for the whole shop (the
 * emails and deliveries other requests queued too), so its statements are not the request's.
 */
export function outsideRequests<T>(work: () => T): T {
  return tracedRequests.getStore() ? tracedRequests.exit(work) : work();
}
