const KEY = 'b2bAccountDetailsSubmitted';

/**
 * docs/product/entities.md, states.md: a successful profile update sets the customer's `changed` flag. The server keeps a
 * B2B customer at status New until the shop has validated the details, so the flag is what tells
 * "details still missing" from "details sent, waiting for validation" (decision 021). It lives for
 * the browser session, like the original client state.
 */
export function rememberAccountDetailsSubmitted(storage: Pick<Storage, 'setItem'>): void {
  storage.setItem(KEY, 'true');
}

export function hasSubmittedAccountDetails(storage: Pick<Storage, 'getItem'>): boolean {
  return storage.getItem(KEY) === 'true';
}
