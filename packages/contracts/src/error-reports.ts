import { z } from 'zod';

/** A client-side failure sent for error reporting (spec 8: every _FAILED action is reported). */
export const ErrorReportSchema = z.object({
  action: z.string().min(1).max(200),
  message: z.string().max(2000),
  correlationId: z.string().max(100).optional(),
  status: z.number().int().optional(),
  url: z.string().max(2000).optional(),
});
export type ErrorReport = z.infer<typeof ErrorReportSchema>;

export const ERROR_REPORT_PATH = '/api/error-reports';
