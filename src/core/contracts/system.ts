import { Type } from 'typebox';
import { route } from './common';

/** The operator's and the tooling's calls: health, the designers' inspector switch, this API's own description. */

const TAG = 'system';

export const health = route({
  method: 'GET',
  path: '/health',
  summary: 'Whether the server and its database answer.',
  tag: TAG,
  auth: false,
  response: { 200: Type.Object({ status: Type.String(), database: Type.String(), uptime: Type.Number({ description: 'Seconds.' }) }) },
});

export const inspector = route({
  method: 'GET',
  path: '/inspector',
  summary: 'Whether the server runs with INSPECTOR=1, so the built SPA may load the statechart inspector (asked only with ?inspector).',
  tag: TAG,
  auth: false,
  response: { 200: Type.Object({ enabled: Type.Boolean() }) },
});

export const openApi = route({
  method: 'GET',
  path: '/openapi.json',
  summary: 'This API as an OpenAPI 3 document, built from the contracts in src/core/contracts.',
  tag: TAG,
  auth: false,
  response: { 200: Type.Object({ openapi: Type.String() }, { additionalProperties: true, description: 'An OpenAPI 3.0 document.' }) },
});

export const systemRoutes = [health, inspector, openApi] as const;
