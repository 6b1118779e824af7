import type { FeatureModule } from '../platform/feature-module';
import { registerErrorReportRoutes } from './error-reports.routes';

/** Client error reports (docs/product/errors.md): what failed in a browser, in the log with its correlation id. */
export function createErrorReportsModule() {
  return { routes: ({ app }) => registerErrorReportRoutes(app) } satisfies FeatureModule;
}
