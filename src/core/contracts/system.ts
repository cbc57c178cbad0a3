import { Type } from 'typebox';
import { routeGroup } from './common';

/** The operator's and the tooling's calls: health, the designers' inspector switch, this API's own description. */

const system = routeGroup('system', '');

export const health = system.get('health', 'Whether the server and its database answer.', {
  auth: false,
  response: { 200: Type.Object({ status: Type.String(), database: Type.String(), uptime: Type.Number({ description: 'Seconds.' }) }) },
});

export const inspector = system.get('inspector', 'Whether the server runs with INSPECTOR=1, so the built SPA may load the statechart inspector (asked only with ?inspector).', {
  auth: false,
  response: { 200: Type.Object({ enabled: Type.Boolean() }) },
});

export const openApi = system.get('openapi.json', 'This API as an OpenAPI 3 document, built from the contracts in src/core/contracts.', {
  auth: false,
  response: { 200: Type.Object({ openapi: Type.String() }, { additionalProperties: true, description: 'An OpenAPI 3.0 document.' }) },
});

export const systemRoutes = [health, inspector, openApi] as const;
