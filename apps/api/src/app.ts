import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Adapters } from './adapters';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { systemClock, type Clock } from './lib/clock';
import { AccountRepository } from './modules/account/account.repository';
import { accountRoutes } from './modules/account/account.routes';
import { AccountService } from './modules/account/account.service';
import { AuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { healthRoutes } from './modules/health/health.routes';
import authPlugin from './plugins/auth';
import bodyParsersPlugin from './plugins/body-parsers';
import errorsPlugin, { ERROR_MESSAGES } from './plugins/errors';
import openapiPlugin from './plugins/openapi';
import webPlugin from './plugins/web';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  adapters: Pick<Adapters, 'limiterFactory' | 'geoip'>;
  clock?: Clock;
  /** pino options, or false for silence (tests). */
  logger?: boolean | { level: string };
  /** More routes for the /api context, behind the same access hook (tests use it to probe the rules). */
  extraApiRoutes?: FastifyPluginAsync;
}

/** JSON bodies above this are refused with 413; uploads have their own limits (body-parsers.ts). */
const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, adapters } = options;
  const clock = options.clock ?? systemClock;

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    // A client that stalls must not hold a connection forever.
    requestTimeout: 120_000,
    // Return 503 to new requests while closing, and let in-flight ones finish.
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const authService = new AuthService({
    repository: new AuthRepository(database.db),
    clock,
    limiterFactory: adapters.limiterFactory,
    supportEmail: config.publicSettings.supportEmail,
  });
  const accountService = new AccountService(new AccountRepository(database.db));

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // Mantine sets inline style attributes; scripts stay same-origin only.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
      },
    },
  });
  await app.register(errorsPlugin);
  await app.register(openapiPlugin, { productName: config.publicSettings.productName });
  await app.register(bodyParsersPlugin);

  await app.register(
    async (api) => {
      await api.register(authPlugin, { authService });
      api.setNotFoundHandler((request, reply) => reply.code(404).send({ message: ERROR_MESSAGES.notFound }));
      await api.register(healthRoutes, { ping: database.ping });
      await api.register(authRoutes, { authService, geoip: adapters.geoip });
      await api.register(accountRoutes, { accountService });
      if (options.extraApiRoutes) await api.register(options.extraApiRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, { distDir: config.webDistDir, settings: config.publicSettings });
  return app;
}
