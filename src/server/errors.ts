import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { DatabaseBusyError } from './db/sql';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set on the game calls whose answers are `{ success, ..., errorMessage }` (mines, blackjack,
     * baccarat): their every error also carries `success: false`, the person-facing text as
     * `errorMessage`, and these fields unless the error brings its own (a blackjack refusal carries
     * the round as it stands, null when there is none). See src/server/bets/plugin.ts.
     */
    successRefusal?: Record<string, unknown>;
  }
}

/** An error whose message is meant for the person who sent the request. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Fields the answer carries besides `error` and `message`. */
    readonly fields: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * A bet or a game move the rules refuse. The sentence goes in `error` as well as `message` (the dice
 * screen shows the answer's `error`, the others `errorMessage`); `reason`, when given, is a stable
 * code a program can test, answered as `code`.
 */
export class BetRefusal extends AppError {
  constructor(message: string, options: { status?: number; reason?: string; fields?: Record<string, unknown> } = {}) {
    super(options.status ?? 400, message, message, {}, { ...(options.reason ? { code: options.reason } : {}), ...options.fields });
    this.name = 'BetRefusal';
  }
}

export const badRequest = (message: string, code = 'bad_request') => new AppError(400, code, message);
export const notFound = (message: string, code = 'not_found') => new AppError(404, code, message);

export interface ErrorBody {
  error: string;
  message: string;
}

function describeValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const where = first.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
  const missing = (first.params as { missingProperty?: string } | undefined)?.missingProperty;
  if (first.keyword === 'required' && missing) return `${missing} is required`;
  if (first.keyword === 'additionalProperties') {
    const extra = (first.params as { additionalProperty?: string }).additionalProperty;
    return `${extra} is not allowed`;
  }
  return `${where || error.validationContext || 'input'} ${first.message ?? 'is invalid'}`;
}

/**
 * One place decides what a failure looks like on the wire: bad input gets a 4xx with a clear
 * message, anything unexpected is logged with its stack and answered without one.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | AppError>((error, request, reply) => {
    /** The route's answer shape decides what wraps `{ error, message }`. */
    const send = (status: number, body: ErrorBody & Record<string, unknown>) => {
      const success = successRefusalOf(request);
      void reply.code(status).send(success ? { success: false, errorMessage: body.message, ...success, ...body } : body);
    };
    if (error instanceof AppError) {
      void reply.headers(error.headers);
      send(error.statusCode, { error: error.code, message: error.message, ...error.fields });
      return;
    }
    if (error instanceof DatabaseBusyError) {
      // PostgreSQL kept refusing the transaction (serialisation failures, deadlocks): nothing was written.
      request.log.warn({ err: error }, 'database busy');
      void reply.header('retry-after', '1');
      send(503, { error: 'busy', message: 'The casino is busy right now. Nothing was changed; please try again.' });
      return;
    }
    if (error.validation) {
      send(400, { error: 'bad_request', message: describeValidation(error) });
      return;
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 405: 'method_not_allowed', 413: 'payload_too_large', 415: 'unsupported_media_type', 429: 'too_many_requests' }[
          status
        ] ?? 'bad_request';
      send(status, { error: code, message: error.message });
      return;
    }
    request.log.error({ err: error }, 'unhandled error');
    send(500, { error: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
  });
}

function successRefusalOf(request: FastifyRequest): Record<string, unknown> | undefined {
  // A request that matched no route (404, a body refused before routing) has no route config.
  return (request.routeOptions.config as { successRefusal?: Record<string, unknown> } | undefined)?.successRefusal;
}
