import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { VERSION } from '../../version.ts';
import {
  isAdminUrl,
  operationIdOf,
  SECURITY_SCHEMES,
  securityOf,
} from '../../lib/openapi-operation.ts';

export default fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'kaijiang 开奖 API',
        description:
          'Public API of kaijiang. Every JSON answer is an envelope { code, msg, data }; ' +
          'state-changing calls need the X-XSRF-TOKEN header equal to the XSRF-TOKEN cookie.',
        version: VERSION,
        license: {
          name: 'Terms of use of the results API',
          url: '/instruct-api',
        },
      },
      // Same origin: the document describes the site that serves it.
      servers: [{ url: '/', description: 'this kaijiang site' }],
      components: { securitySchemes: SECURITY_SCHEMES },
      tags: [
        { name: 'system', description: 'Health and service information' },
        {
          name: 'static-data',
          description: 'Static data files (docs/architecture.md §5), cacheable',
        },
        {
          name: 'draws',
          description: 'Draw results, history, statistics and CSV; every ball with its attributes',
        },
        {
          name: 'content',
          description: 'News, FAQ, partner conditions and the question form',
        },
        {
          name: 'compat',
          description: 'Our draws in the shapes of the common Macau feed and of opencai',
        },
        {
          name: 'gallery',
          description:
            "The picture library's named series, likes, comments (docs/architecture.md §14)",
        },
        { name: 'admin', description: 'Operator calls (Authorization: Bearer ADMIN_TOKEN)' },
        {
          name: 'chat',
          description: 'The chat service (docs/architecture.md §10), mounted at /chat-api',
        },
      ],
    },
    // Every operation gets an id and says who may call it: a route may say so itself
    // (`operationId`, `security` in its schema); an operator route is never public.
    transform: ({ schema, url, route }) => {
      const own = (schema ?? {}) as Record<string, unknown>;
      const method = Array.isArray(route.method) ? route.method[0]! : route.method;
      const security = own.security ?? securityOf(isAdminUrl(url) ? 'admin' : 'public');
      return {
        schema: { ...own, operationId: own.operationId ?? operationIdOf(method, url), security },
        url,
      } as never;
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/app-api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
});
