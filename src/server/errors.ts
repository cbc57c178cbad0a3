import type { FastifyError, FastifyInstance } from 'fastify';

/** An error whose message is meant for the person who sent the request. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
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
    if (error instanceof AppError) {
      void reply.headers(error.headers).code(error.statusCode).send({ error: error.code, message: error.message });
      return;
    }
    if (error.validation) {
      void reply.code(400).send({ error: 'bad_request', message: describeValidation(error) });
      return;
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 405: 'method_not_allowed', 413: 'payload_too_large', 415: 'unsupported_media_type', 429: 'too_many_requests' }[
          status
        ] ?? 'bad_request';
      void reply.code(status).send({ error: code, message: error.message });
      return;
    }
    request.log.error({ err: error }, 'unhandled error');
    void reply.code(500).send({ error: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
  });
}
