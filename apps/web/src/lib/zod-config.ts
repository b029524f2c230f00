import type { $ZodConfig } from 'zod/v4/core';

/*
 * zod compiles a fast parser for each object schema with `new Function`, and finds out whether it
 * may by calling `new Function('')` once, as the first object schema is built. The shop's
 * Content-Security-Policy forbids that (no 'unsafe-eval'): the probe fails quietly, but Chrome
 * still reports a CSP violation for it (Lighthouse's Best Practices, the Issues panel). Jitless,
 * zod never tries; the web app's small form inputs do not need compiled parsers. The API, which
 * does not import this, keeps them.
 *
 * It has to be set before any object schema is built. app/providers.tsx imports this module, so
 * it runs with the first load, before any lazily loaded page builds a schema. It writes zod's
 * settings object directly, the one `config({ jitless: true })` of zod/v4/core writes (zod keeps
 * it on globalThis, shared by every copy of zod in the page): importing `config` itself would
 * move zod's core, about 4 KB of gzipped JavaScript, into the first load (docs/decisions/008).
 * zod-config.test.ts checks that zod reads what this writes.
 */
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: Partial<$ZodConfig> };
// zod creates the object if it loads first and adopts this one if it loads later.
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
