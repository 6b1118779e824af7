import { CORRELATION_HEADER, CSRF_HEADER } from '@photo/contracts/errors';
import { ErrorReportSchema, type ErrorReport } from '@photo/contracts/error-reports';
import { newCorrelationId } from './correlation-id';

export type ReportError = (report: ErrorReport) => void;

/** The report of an action that failed: its name, and the failure's message where it has one. */
export function failureReport(action: string, error: unknown): ErrorReport {
  return { action, message: error instanceof Error ? error.message : 'failed' };
}

/**
 * Sends client failures to the error-report endpoint (docs/product/errors.md). Reporting is best effort: it must
 * never throw into the code that is already handling a failure, so every step is guarded.
 * `fetch` with `keepalive` rather than `sendBeacon`: a beacon cannot carry the CSRF header.
 */
export function createErrorReporter(url: string): ReportError {
  return (report) => {
    try {
      const body = ErrorReportSchema.parse({
        ...report,
        action: report.action.slice(0, 200),
        message: report.message.slice(0, 2000),
        url: report.url?.slice(0, 2000),
      });
      fetch(url, {
        method: 'POST',
        keepalive: true,
        credentials: 'same-origin',
        headers: {
          'content-type': 'application/json',
          [CSRF_HEADER]: '1',
          [CORRELATION_HEADER]: newCorrelationId(),
        },
        body: JSON.stringify(body),
      }).catch(() => undefined);
    } catch {
      // Nothing left to tell: the report itself is what failed.
    }
  };
}
