import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

interface ExportedSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
}

/** An OTLP/HTTP collector on a free port that keeps every span it is sent, with the resource it came from. */
async function startCollector() {
  const spans: (ExportedSpan & { service?: string })[] = [];
  const paths: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      paths.push(request.url ?? '');
      const body = JSON.parse(Buffer.concat(chunks).toString()) as {
        resourceSpans: {
          resource: { attributes: ExportedSpan['attributes'] };
          scopeSpans: { spans: ExportedSpan[] }[];
        }[];
      };
      for (const { resource, scopeSpans } of body.resourceSpans) {
        const service = resource.attributes.find((attribute) => attribute.key === 'service.name')?.value.stringValue;
        for (const scope of scopeSpans) spans.push(...scope.spans.map((span) => ({ ...span, service })));
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    paths,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const attribute = (span: ExportedSpan, key: string) => span.attributes.find((entry) => entry.key === key)?.value;

describe('tracing', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  beforeAll(async () => {
    collector = await startCollector();
  });
  afterAll(() => collector.close());

  it('sends a span for each request, with its route, status and request id, to the OTLP endpoint', async () => {
    const t = await createTestApp({
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: 'portal-under-test' },
    });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/none-such' });
    expect(health.statusCode).toBe(200);
    expect(missing.statusCode).toBe(404);
    // Closing the app sends the spans still waiting in the batch.
    await t.close();

    expect(collector.paths).toContain('/v1/traces');
    const ofRequest = (id: string) =>
      collector.spans.find((span) => attribute(span, 'portal.request_id')?.stringValue === id);
    const healthSpan = ofRequest(String(health.headers['x-request-id']));
    const missingSpan = ofRequest(String(missing.headers['x-request-id']));
    expect(healthSpan).toBeDefined();
    expect(missingSpan).toBeDefined();
    expect(healthSpan!.service).toBe('portal-under-test');
    expect(attribute(healthSpan!, 'http.route')?.stringValue).toBe('/api/health');
    expect(Number(attribute(healthSpan!, 'http.response.status_code')?.intValue)).toBe(200);
    expect(Number(attribute(missingSpan!, 'http.response.status_code')?.intValue)).toBe(404);
    // The handler and hooks are children of the request's span, in its trace.
    const children = collector.spans.filter((span) => span.parentSpanId === healthSpan!.spanId);
    expect(children.length).toBeGreaterThan(0);
    expect(children.every((span) => span.traceId === healthSpan!.traceId)).toBe(true);
  });

  it('is off, and sends nothing, without an endpoint', async () => {
    const before = collector.spans.length;
    const t = await createTestApp();
    expect(t.config.tracing).toBeUndefined();
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.close();
    expect(collector.spans).toHaveLength(before);
  });
});
