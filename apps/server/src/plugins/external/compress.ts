import compress from '@fastify/compress';
import fp from 'fastify-plugin';

// Dynamic answers only: built assets ship .br/.gz siblings and the data files cache their own.
export default fp(async (app) => {
  // A GET or HEAD has no body to inflate: its route would still run the plugin's request-body
  // hook on every request (at draw time, every poll). Before the plugin, which reads the option
  // as each route is added.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.decompress === undefined && methods.every((m) => m === 'GET' || m === 'HEAD')) {
      route.decompress = false;
    }
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
});
