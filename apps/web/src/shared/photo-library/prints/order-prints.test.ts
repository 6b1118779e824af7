import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempSelectionsApi } from '@photo/contracts/temp-selections';
import type { Request } from '../../api/request';
import { testConfig } from '../../../test/fixtures';
import {
  PRINTS_TRANSFER_MIN_MS,
  printsEditorAddress,
  PrintsTransferError,
  transferToPrintsEditor,
} from './order-prints';

afterEach(() => vi.useRealTimers());

describe('the prints hand-off (docs/product/states.md)', () => {
  it('sends the editor the selection, the prints product and the channel', () => {
    expect(printsEditorAddress(testConfig, 'sel-1')).toBe(
      'https://www.photoshop.co.uk/editor/prints?tempSelectionId=sel-1&productCode=PAP_910&channelId=UK',
    );
  });

  it('saves the selection and answers no sooner than 3 s after it was asked', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const request = vi.fn().mockResolvedValue({ tempSelectionId: 'sel-2' });
    let address: string | undefined;
    void transferToPrintsEditor(request as unknown as Request, testConfig, ['p1', 'p2']).then((value) => {
      address = value;
    });
    await vi.advanceTimersByTimeAsync(PRINTS_TRANSFER_MIN_MS - 1);
    expect(request).toHaveBeenCalledWith(tempSelectionsApi.create, { body: { photoIds: ['p1', 'p2'] } });
    expect(address).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(address).toContain('tempSelectionId=sel-2');
  });

  it('fails with the spec text when the call fails or the channel id is missing', async () => {
    const failing = vi.fn().mockRejectedValue(new Error('offline'));
    await expect(transferToPrintsEditor(failing as unknown as Request, testConfig, ['p1'])).rejects.toThrow(
      'Error transferring photos. Try again.',
    );
    const unused = vi.fn();
    const noChannel = { ...testConfig, channel: { ...testConfig.channel, ID: '' } };
    const error = await transferToPrintsEditor(unused as unknown as Request, noChannel, ['p1']).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PrintsTransferError);
    expect(unused).not.toHaveBeenCalled();
  });
});
