import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

export interface Tracing {
  /** Registered before every other plugin and route, so that all of them are traced. */
  plugin: FastifyPluginAsync;
  /** Sends the spans still waiting and stops; after the server has closed. */
  shutdown(): Promise<void>;
}

/**
 * OpenTelemetry traces of the API (docs/deploy.md, Traces): a span for each request, with child
 * spans for its hooks and handler (@fastify/otel), sent in batches over OTLP/HTTP. The packages
 * are loaded only here, when OTEL_EXPORTER_OTLP_ENDPOINT is set, so that tracing costs nothing
 * when it is off.
 */
export async function startTracing(settings: NonNullable<Config['tracing']>, role: Config['role']): Promise<Tracing> {
  const [{ FastifyOtelInstrumentation }, { NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, resources] =
    await Promise.all([
      import('@fastify/otel'),
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ]);
  const { ATTR_SERVICE_NAME } = await import('@opentelemetry/semantic-conventions');
  const provider = new NodeTracerProvider({
    resource: resources.resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.serviceName, 'portal.role': role }),
    spanProcessors: [
      // The endpoint is the collector's base URL, as the OpenTelemetry variable defines it.
      new BatchSpanProcessor(
        new OTLPTraceExporter({ url: new URL('v1/traces', `${settings.endpoint.replace(/\/$/, '')}/`).href }),
      ),
    ],
  });
  // Our provider only, not the process-wide one: nothing else in the process is traced by surprise.
  const instrumentation = new FastifyOtelInstrumentation();
  instrumentation.setTracerProvider(provider);

  const plugin: FastifyPluginAsync = fp(async (app) => {
    await app.register(instrumentation.plugin());
    // The request id ties a trace to its log lines and to the work the request caused.
    app.addHook('onRequest', async (request) => {
      request.opentelemetry().span?.setAttribute('portal.request_id', request.id);
    });
  });
  return { plugin, shutdown: () => provider.shutdown() };
}
