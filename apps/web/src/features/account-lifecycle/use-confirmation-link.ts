import { useSearchParams } from 'react-router';
import { CONFIRMATION_TOKEN_PARAM, type identitiesApi } from '@photo/contracts/identities';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useSubmit, type SubmitOptions } from '../../shared/forms/use-submit';

type ConfirmationCall = typeof identitiesApi.confirmEmailChange | typeof identitiesApi.confirmAccountDeletion;

/**
 * A link mailed to confirm a change of the account. Its token is sent only when the customer presses
 * the page's button, so a mail scanner that fetches the link does not use it up (issue 12); a link
 * without a token fails as a refused one does.
 */
export function useConfirmationLink(
  call: ConfirmationCall,
  options: Pick<SubmitOptions<string, unknown>, 'invalidates' | 'onSuccess'> & {
    /** The refusals the page explains (a used or unknown link, an address taken meanwhile). */
    expectedStatuses: number[];
    onError: (error: Error) => void;
  },
) {
  const { request } = useAppEnvironment();
  const customer = useCustomer();
  const [search] = useSearchParams();
  const token = search.get(CONFIRMATION_TOKEN_PARAM);
  const submit = useSubmit({
    mutationFn: (confirmed: string) =>
      request(
        call,
        { params: { ...customer.identity, token: confirmed } },
        { expectedStatuses: options.expectedStatuses },
      ),
    invalidates: options.invalidates,
    onSuccess: options.onSuccess,
    onError: options.onError,
  });
  const confirm = () =>
    token ? submit.mutate(token) : options.onError(new Error('The confirmation link has no token'));
  return { ...submit, confirm };
}
