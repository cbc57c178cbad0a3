import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { contractFor, ROUTE_CONTRACTS } from '../../src/core/contracts/routes';
import { API_DOCS_PATH, renderApiDocs } from '../../scripts/api-docs';
import { startTestServer } from '../support/server';
import type { TestServer } from '../support/server';

/**
 * One wire contract: every route the server registers takes its schemas from its contract in
 * src/core/contracts, the running server describes them at /api/openapi.json, and docs/api.md is
 * what the contracts make now.
 */
describe('the wire contract', () => {
  let server: TestServer;

  beforeAll(async () => {
    const defaults = loadConfig({ PORT: '0', DATA_DIR: '/tmp', STATIC_DIR: '' });
    // The payout hook is a route too; it exists only with TOKEN_TEST_HOOKS.
    server = await startTestServer({ token: { ...defaults.token, testHooks: true } });
  });
  afterAll(async () => server.close());

  const apiRoutes = () =>
    server.app.registeredRoutes
      .filter((route) => route.method !== 'HEAD' && route.url.startsWith('/api/'))
      .map((route) => ({ ...route, path: route.url.slice('/api'.length) }));

  it('should give every API route the server registers a contract, and take its schemas from it', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const route of routes) {
      const contract = contractFor(route.method, route.path);
      if (!contract) {
        problems.push(`${route.method} ${route.path} has no contract in src/core/contracts/routes.ts`);
        continue;
      }
      const schema = route.schema as Record<string, unknown> | undefined;
      if (schema?.response !== contract.response) problems.push(`${route.method} ${route.path} does not answer with its contract's response schemas`);
      if (schema?.body !== contract.body) problems.push(`${route.method} ${route.path} does not validate its body with its contract`);
      if (schema?.querystring !== contract.querystring) problems.push(`${route.method} ${route.path} does not validate its query with its contract`);
    }
    expect(problems).toEqual([]);
  });

  it('should have a registered route for every contract', () => {
    const registered = new Set(apiRoutes().map((route) => `${route.method} ${route.path}`));
    const orphans = ROUTE_CONTRACTS.map((contract) => `${contract.method} ${contract.path}`).filter((key) => !registered.has(key));
    expect(orphans).toEqual([]);
  });

  it('should serve the contracts as an OpenAPI 3 document at /api/openapi.json', async () => {
    const response = await fetch(`${server.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { summary?: string; security?: unknown; requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.openapi).toMatch(/^3\./);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const contract of ROUTE_CONTRACTS) {
      const operation = document.paths[`/api${contract.path}`]?.[contract.method.toLowerCase()];
      expect(operation, `${contract.method} ${contract.path}`).toBeDefined();
      expect(operation!.summary).toBe(contract.summary);
      expect(operation!.security !== undefined, `${contract.method} ${contract.path} security`).toBe(contract.auth);
    }
    const withdraw = document.paths['/api/wallet/withdraw']!.post!.requestBody!.content['application/json']!.schema;
    expect(withdraw.required).toEqual(['currency', 'address', 'amount']);
  });

  it('should keep docs/api.md what scripts/api-docs.ts makes from the contracts now', () => {
    const current = fs.existsSync(API_DOCS_PATH) ? fs.readFileSync(API_DOCS_PATH, 'utf8') : '';
    // On failure: run `npx tsx scripts/api-docs.ts` and commit docs/api.md.
    expect(current === renderApiDocs(), 'docs/api.md is stale: run `npx tsx scripts/api-docs.ts`').toBe(true);
  });
});
