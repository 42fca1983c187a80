import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyInstance, onRequestHookHandler, onResponseHookHandler } from 'fastify';

const bodiless = new Set(['GET', 'HEAD']);

/**
 * @fastify/multipart with its per-request bookkeeping on the routes that can receive a body only (issue 17).
 * The plugin adds two async hooks to every request of the app (onRequest: a 'close' listener on the response;
 * onResponse: removal of the files a handler saved to disk), yet Fastify never parses a GET or HEAD body, so no
 * file can exist there: the hooks are attached to the other routes as they are declared. Everything else the
 * plugin sets up (the multipart parser, `request.file()` and the other decorators) is as it ships.
 */
export async function registerMultipart(app: FastifyInstance, options: FastifyMultipartOptions) {
  const perRoute = { onRequest: [] as onRequestHookHandler[], onResponse: [] as onResponseHookHandler[] };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => bodiless.has(method))) return;
    route.onRequest = [...list(route.onRequest), ...perRoute.onRequest];
    route.onResponse = [...list(route.onResponse), ...perRoute.onResponse];
  });
  // The plugin shares the app's instance (it is not encapsulated); its two hooks are taken aside while it runs.
  type AddHook = (this: FastifyInstance, name: string, hook: unknown) => FastifyInstance;
  const instance = app as unknown as { addHook: AddHook };
  const addHook = instance.addHook;
  instance.addHook = function (name, hook) {
    if (name === 'onRequest' || name === 'onResponse') {
      perRoute[name].push(hook as never);
      return this;
    }
    return addHook.call(this, name, hook);
  };
  try {
    await app.register(multipart, options);
  } finally {
    instance.addHook = addHook;
  }
  if (perRoute.onRequest.length !== 1 || perRoute.onResponse.length !== 1) {
    throw new Error(
      '@fastify/multipart no longer adds the two hooks this wrapper expects: review plugins/multipart.ts',
    );
  }
}

const list = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
