// Preloaded into a server process (NODE_OPTIONS="--import <this file's URL>") by
// test/ops/traces.test.ts: when the process exits, it appends to the file LOADED_MODULES_FILE
// each module of @opentelemetry, and the shop's own http/traces, that the process loaded, one a
// line. It watches both ways a module is loaded: require() (CommonJS packages, such as
// prom-client, load their dependencies so) and import (the shop and its ES-module packages),
// whose resolve hook runs in a thread of its own and tells this one.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { isMainThread, MessageChannel } from 'node:worker_threads';

const WATCHED = /[\\/]@opentelemetry[\\/]|[\\/]http[\\/]traces\.[jt]s(\?|$)/;

if (isMainThread) {
  const file = process.env.LOADED_MODULES_FILE;
  const loaded = new Set();
  const note = (where) => {
    if (WATCHED.test(where)) loaded.add(where);
  };

  const resolveFilename = Module._resolveFilename;
  Module._resolveFilename = function (...args) {
    const found = resolveFilename.apply(this, args);
    note(found);
    return found;
  };

  const { port1, port2 } = new MessageChannel();
  port1.on('message', note);
  port1.unref();
  // This same file is the hooks' module: in the hooks' thread only the exports below run.
  register(import.meta.url, { data: { port: port2 }, transferList: [port2] });

  process.on('exit', () => {
    if (file) appendFileSync(file, [...loaded].map((where) => `${where}\n`).join(''));
  });
}

let port;

export function initialize(data) {
  port = data.port;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (WATCHED.test(resolved.url)) port?.postMessage(resolved.url);
  return resolved;
}
