import formbody from '@fastify/formbody';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors.ts';
import { keepMultipart, MultipartError, readMultipart } from '../../lib/multipart.ts';

const malformed = () => new AppError(400, 'REQ/INVALID', '请求格式有误');

/** A member form's bounds: a few short fields, no file. */
const FORM_LIMITS = {
  fields: 20,
  fieldSize: 4 * 1024,
  fieldNameSize: 100,
  files: 0,
  fileSize: 0,
  parts: 20,
};

// docs/architecture.md §4: member forms come urlencoded or multipart. For a route with a body
// schema, multipart fields become a plain body (as urlencoded ones do) so one schema validates
// both, and before any preValidation hook (no-nul.ts checks them too). A route without one (an
// upload) reads the body itself (services/content/picture-upload.ts). Our own parser rather than
// @fastify/multipart, whose hooks ran on every request of the site (lib/multipart.ts).
export default fp(async (app) => {
  await app.register(formbody, { bodyLimit: 64 * 1024 });

  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    if (!request.routeOptions.schema?.body) {
      keepMultipart(request, payload);
      done(null);
      return;
    }
    readMultipart(request.headers, payload, FORM_LIMITS).then(
      ({ fields }) => {
        const body: [string, string | string[]][] = [];
        for (const [name, value] of fields) {
          const seen = body.find(([n]) => n === name);
          // Repeated names become arrays, as with urlencoded forms; the schema then refuses them.
          if (seen) seen[1] = [...[seen[1]].flat(), value];
          else body.push([name, value]);
        }
        // fromEntries makes "__proto__" an own property, never the prototype.
        done(null, Object.fromEntries(body));
      },
      (err: unknown) => {
        if (!(err instanceof MultipartError)) {
          done(err as Error);
          return;
        }
        request.log.info({ err }, 'malformed multipart body');
        done(malformed());
      },
    );
  });
});
