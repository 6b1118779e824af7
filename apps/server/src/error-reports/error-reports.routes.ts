import type { FastifyInstance } from 'fastify';
import { ERROR_REPORT_PATH, ErrorReportSchema } from '@photo/contracts/error-reports';
import { invalid } from '../platform/errors';
import { rateLimits } from '../platform/rate-limits';

/**
 * Client error reports (docs/product/errors.md). Open to signed-out pages too, since sign-in failures are reported;
 * each line carries the report's own correlation id so it can be matched to the failed call's log.
 */
export function registerErrorReportRoutes(app: FastifyInstance): void {
  app.post(
    ERROR_REPORT_PATH,
    {
      config: {
        rateLimit: {
          max: rateLimits.errorReports.max,
          timeWindow: rateLimits.errorReports.windowSeconds * 1000,
        },
      },
      bodyLimit: 16 * 1024,
    },
    async (request, reply) => {
      const parsed = ErrorReportSchema.safeParse(request.body);
      if (!parsed.success) throw invalid('body', 'Malformed error report');
      request.log.warn(
        {
          clientError: parsed.data,
          reportedCorrelationId: parsed.data.correlationId,
          storefront: request.storefront.storefront.id,
        },
        'client error report',
      );
      return reply.status(204).send();
    },
  );
}
