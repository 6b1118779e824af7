import { integrationApi } from '@photo/contracts/integration';
import type { ApiRouter } from '../platform/api-router';
import type { IntegrationService } from './integration.service';

export function registerIntegrationRoutes(api: ApiRouter, integration: IntegrationService): void {
  api.handle(integrationApi.get, ({ caller }) => integration.get(caller));
  api.handle(integrationApi.updateCallback, ({ caller, body }) => integration.updateCallback(caller, body));
  api.handle(integrationApi.renewSecret, ({ caller }) => integration.renewSecret(caller));
  api.handle(integrationApi.sendTest, ({ caller }) => integration.sendTest(caller));
}
