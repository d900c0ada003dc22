import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { VERSION } from '../../version.ts';

export default fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'kaijiang 开奖 API',
        description:
          'Public API of kaijiang. Every JSON answer is an envelope { code, msg, data }; ' +
          'state-changing calls need the X-XSRF-TOKEN header equal to the XSRF-TOKEN cookie.',
        version: VERSION,
      },
      tags: [
        { name: 'system', description: 'Health and service information' },
        { name: 'static-data', description: 'Static data files (DESIGN §5), cacheable' },
        {
          name: 'draws',
          description: 'Draw results, history, statistics and CSV; every ball with its attributes',
        },
        {
          name: 'content',
          description: 'News, galleries, FAQ, partner conditions and the question form',
        },
        { name: 'admin', description: 'Operator calls (Authorization: Bearer ADMIN_TOKEN)' },
      ],
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/app-api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
});
