import type { AppConfig } from '@photo/contracts/app-config';
import { tempSelectionsApi } from '@photo/contracts/temp-selections';
import type { Request } from '../../api/request';

/** docs/product/states.md, limits.md: at least this long passes between asking and leaving for the editor. */
export const PRINTS_TRANSFER_MIN_MS = 3_000;

/** docs/product/errors.md: the transfer failed, or the storefront has no channel id to send. */
export class PrintsTransferError extends Error {
  constructor(readonly reason: 'call' | 'channel') {
    super('Error transferring photos. Try again.');
  }
}

/**
 * The prints editor's address for a saved selection: the editor reads the selection by its id (for
 * the signed-in customer), opens for this channel, and starts with the prints product selected.
 */
export function printsEditorAddress(
  config: Pick<AppConfig, 'printsEditorUrl' | 'printsOrdering' | 'channel'>,
  tempSelectionId: string,
): string {
  const address = new URL(config.printsEditorUrl);
  address.searchParams.set('tempSelectionId', tempSelectionId);
  address.searchParams.set('productCode', config.printsOrdering.productCode);
  address.searchParams.set('channelId', config.channel.ID);
  return address.href;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Saves the photos as a temp selection and resolves to the editor's address once at least 3 s have
 * passed (docs/product/states.md: the progress notice stays long enough to be read).
 */
export async function transferToPrintsEditor(
  request: Request,
  config: Pick<AppConfig, 'printsEditorUrl' | 'printsOrdering' | 'channel'>,
  photoIds: readonly string[],
): Promise<string> {
  if (!config.channel.ID) throw new PrintsTransferError('channel');
  const [saved] = await Promise.all([
    request(tempSelectionsApi.create, { body: { photoIds: [...photoIds] } }).catch(() => {
      throw new PrintsTransferError('call');
    }),
    pause(PRINTS_TRANSFER_MIN_MS),
  ]);
  return printsEditorAddress(config, saved.tempSelectionId);
}
