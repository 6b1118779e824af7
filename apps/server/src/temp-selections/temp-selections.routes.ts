import { tempSelectionsApi } from '@photo/contracts/temp-selections';
import type { ApiRouter } from '../platform/api-router';
import type { TempSelectionsService } from './temp-selections.service';

export function registerTempSelectionRoutes(api: ApiRouter, selections: TempSelectionsService): void {
  api.handle(tempSelectionsApi.create, ({ caller, body }) => selections.create(caller, body.photoIds));
  api.handle(tempSelectionsApi.get, ({ caller, params }) => selections.get(caller, params.tempSelectionId));
}
