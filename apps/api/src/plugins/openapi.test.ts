import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedErrors, endpoints, type Endpoint } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { describeApi, type ApiDescription, type Operation } from './openapi';

/**
 * The health checks and where a sign-up stands take no input and need no session (no sign-up is
 * an answer too), so they have no 4xx answer to document. (Redocly's rule that every operation
 * has one cannot make these exceptions, so redocly.yaml switches it off and this test checks it
 * instead.)
 */
const WITHOUT_CLIENT_ERRORS = new Set(['health', 'liveness', 'readiness', 'getSignupSession']);

describe('the API description', () => {
  let t: TestApp;
  let served: ApiDescription;
  let operations: { where: string; operation: Operation }[];
  beforeAll(async () => {
    t = await createTestApp();
    served = t.app.swagger() as unknown as ApiDescription;
    operations = Object.entries(served.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ where: `${method.toUpperCase()} ${path}`, operation })),
    );
  });
  afterAll(() => t.close());

  it('is written without a server exactly as /api/docs serves it', async () => {
    expect(await describeApi(t.config.publicSettings.productName)).toEqual(served);
    const answer = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(answer.json()).toEqual(served);
  });

  it('names each operation after its endpoint definition, with a summary, one tag and its security', () => {
    for (const { where, operation } of operations) {
      const endpoint: Endpoint | undefined = endpoints[operation.operationId as keyof typeof endpoints];
      expect(endpoint, `${where} has the operationId of an endpoint definition`).toBeDefined();
      expect(operation.summary?.trim(), `${where} has a summary`).toBeTruthy();
      expect(operation.summary, where).toBe(endpoint?.summary);
      expect(operation.tags, where).toEqual([endpoint?.tag]);
      expect(operation.security, where).toEqual(
        endpoint?.access === 'public' ? [] : [{ bearerAuth: [] }, ...(endpoint?.apiToken ? [{ apiToken: [] }] : [])],
      );
    }
  });

  it('documents the 4xx answers of each operation, in the error format', () => {
    for (const { where, operation } of operations) {
      const endpoint: Endpoint = endpoints[operation.operationId as keyof typeof endpoints];
      const clientErrors = Object.keys(operation.responses)
        .map(Number)
        .filter((status) => status >= 400 && status < 500);
      if (WITHOUT_CLIENT_ERRORS.has(endpoint.name)) expect(clientErrors, where).toEqual([]);
      else expect(clientErrors.length, `${where} has a 4xx answer`).toBeGreaterThan(0);

      const statuses = Object.keys(operation.responses).map(Number);
      for (const status of documentedErrors(endpoint)) {
        expect(statuses, `${where} documents ${status}`).toContain(status);
        // An answer the definition describes itself (login's 403) has its own schema.
        if (endpoint.otherResponses?.[status]) continue;
        expect(operation.responses[status]?.content, `${where} answers ${status} in the error format`).toEqual({
          'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } },
        });
      }
    }
  });

  it('adds the failures that follow from a definition to those it lists', () => {
    // Each definition without its own list: signed in; one role only; an id in the path too; a body.
    expect(documentedErrors({ ...endpoints.logout, errors: [] })).toEqual([401]);
    expect(documentedErrors({ ...endpoints.listUsers, errors: [] })).toEqual([401, 403]);
    expect(documentedErrors({ ...endpoints.getAdminCampaign, errors: [] })).toEqual([401, 403, 404]);
    expect(documentedErrors({ ...endpoints.login, errors: [429] })).toEqual([422, 429]);
    expect(documentedErrors(endpoints.health)).toEqual([]);
  });

  it('describes every answer and keeps only the components it uses', () => {
    for (const { where, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.description, `${where} ${status}`).not.toBe('Default Response');
      }
    }
    const text = JSON.stringify(served);
    for (const name of Object.keys(served.components.schemas)) {
      expect(text, `${name} is used`).toContain(`"#/components/schemas/${name}"`);
    }
  });
});
