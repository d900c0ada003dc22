import compress from '@fastify/compress';
import fp from 'fastify-plugin';

// Dynamic answers only: built assets ship .br/.gz siblings and the data files cache their own.
export default fp(async (app) => {
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
});
