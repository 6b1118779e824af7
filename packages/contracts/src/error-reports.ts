import { z } from 'zod/mini';

/** A client-side failure sent for error reporting (docs/product/errors.md: every _FAILED action is reported). */
export const ErrorReportSchema = z.object({
  action: z.string().check(z.minLength(1), z.maxLength(200)),
  message: z.string().check(z.maxLength(2000)),
  correlationId: z.optional(z.string().check(z.maxLength(100))),
  status: z.optional(z.int()),
  url: z.optional(z.string().check(z.maxLength(2000))),
});
export type ErrorReport = z.infer<typeof ErrorReportSchema>;

export const ERROR_REPORT_PATH = '/api/error-reports';
