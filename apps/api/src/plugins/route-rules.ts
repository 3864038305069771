import type { RouteOptions } from 'fastify';

/**
 * Every product route is made from an endpoint definition of the contract (lib/endpoint-route.ts),
 * and so has a tag, a success answer and an access rule. A route that breaks this is a mistake
 * in the code, so it stops the app from being built rather than reaching the API description or
 * the access hook half-described.
 */
export function checkRouteDefinition(route: RouteOptions): void {
  const name = `${String(route.method)} ${route.url}`;
  const endpoint = route.config?.endpoint;
  if (!endpoint)
    throw new Error(`${name} is not registered from a contract endpoint (use route() of lib/endpoint-route.ts)`);
  const schema = route.schema as { tags?: string[]; response?: Record<string, unknown> } | undefined;
  if (!schema?.tags?.length) throw new Error(`${name} has no OpenAPI tag`);
  const statuses = Object.keys(schema.response ?? {}).map(Number);
  if (!statuses.some((status) => status >= 200 && status < 300))
    throw new Error(`${name} has no success response schema`);
  if (!route.config?.access) throw new Error(`${name} states no access rule`);
}
