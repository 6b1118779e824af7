import type { AccountInformation } from '@photo/contracts/storage-period';
import type { MessageId, MessageValues } from '../i18n/translator';

export interface Message {
  id: MessageId;
  values?: MessageValues;
}

/**
 * The banner's text (docs/product/states.md): whole months while at least one is left, then days; on the last two
 * days it says when the photos go.
 */
export function bannerMessage(info: Pick<AccountInformation, 'monthsRemaining' | 'daysRemaining'>): Message {
  if (info.monthsRemaining >= 1)
    return { id: 'storage.monthsRemaining', values: { count: info.monthsRemaining } };
  if (info.daysRemaining === 0) return { id: 'storage.deletedToday' };
  if (info.daysRemaining === 1) return { id: 'storage.deletedTomorrow' };
  return { id: 'storage.daysRemaining', values: { count: info.daysRemaining } };
}

/** The reactivation modal's heading (docs/product/states.md texts): when the photos will be deleted. */
export function deletionMessage(info: Pick<AccountInformation, 'daysRemaining'>): Message {
  if (info.daysRemaining === 0) return { id: 'storage.deletedToday' };
  if (info.daysRemaining === 1) return { id: 'storage.deletedTomorrow' };
  return { id: 'storage.deletedInDays', values: { count: info.daysRemaining } };
}
