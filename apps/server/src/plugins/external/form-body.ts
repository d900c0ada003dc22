import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors.ts';
import { addRouteHooks, captureRequestHooks, takesBody } from '../../lib/route-hooks.ts';

const malformed = () => new AppError(400, 'REQ/INVALID', '请求格式有误');

// docs/architecture.md §4: member forms come urlencoded or multipart. For a route with a body schema, multipart
// fields become a plain body (as urlencoded ones do) so one schema validates both. Done here
// rather than with attachFieldsToBody, whose parser errors (no boundary, a cut-off part) would
// reach the client as 500s.
export default fp(async (app) => {
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  // The plugin hooks every request (a promise each way and a listener on the answer, to delete
  // files saved to disk); a request without a body never has one to save. Its hooks go to the
  // routes that take a body: a GET pays nothing (README, draw-time load).
  const multipartHooks = await captureRequestHooks(app, () =>
    app.register(multipart, {
      limits: { fields: 20, fieldSize: 4 * 1024, files: 0, parts: 20, fieldNameSize: 100 },
      throwFileSizeLimit: true,
    }),
  );

  app.addHook('onRoute', (route) => {
    if (takesBody(route)) addRouteHooks(route, multipartHooks);
  });

  // Every request passes here; only a multipart form pays for a promise (see no-nul.ts). An
  // instance hook, so that it runs before no-nul's: the fields it reads are checked too.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.isMultipart() || !request.routeOptions.schema?.body) {
      done();
      return;
    }
    readFields(request).then(() => done(), done);
  });

  async function readFields(request: FastifyRequest): Promise<void> {
    const fields: [string, string | string[]][] = [];
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') throw malformed();
        const value = String(part.value);
        const seen = fields.find(([name]) => name === part.fieldname);
        // Repeated names become arrays, as with urlencoded forms; the schema then refuses them.
        if (seen) seen[1] = [...[seen[1]].flat(), value];
        else fields.push([part.fieldname, value]);
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      request.log.info({ err }, 'malformed multipart body');
      throw malformed();
    }
    // fromEntries makes "__proto__" an own property, never the prototype.
    request.body = Object.fromEntries(fields);
  }
});
