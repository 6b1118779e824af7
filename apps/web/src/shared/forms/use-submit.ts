import { useMutation, useQueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import { useT } from '../i18n/i18n.context';
import type { MessageId } from '../i18n/translator';

export interface SubmitOptions<Input, Result> {
  /** Sends the change: one call of the API, or the few calls it takes. */
  mutationFn: (input: Input) => Promise<Result>;
  /** The queries the change makes stale: fetched again (docs/product/states.md's changed flags) before `onSuccess`. */
  invalidates?: readonly QueryKey[];
  /** Sees the page as it is when the answer comes (TanStack's latest options), not as it was sent. */
  onSuccess?: (result: Result, input: Input) => unknown;
  onError?: (error: Error, input: Input) => unknown;
  /**
   * What a failure tells the customer: one message, or one chosen by the API's answer. Undefined
   * when the page says it another way (under the field the server named).
   */
  failureMessage?: MessageId | ((error: Error) => MessageId | undefined);
}

export type Submit<Input, Result> = UseMutationResult<Result, Error, Input> & {
  /** The failure's message in the customer's language, while the last try has failed. */
  failure: string | undefined;
};

/**
 * The one way a page sends a change (TanStack Query's `useMutation`): pending while it runs (the
 * page disables its buttons), the failure as the page's translated message, and the queries it
 * made stale fetched again.
 */
export function useSubmit<Input = void, Result = unknown>({
  mutationFn,
  invalidates = [],
  onSuccess,
  onError,
  failureMessage,
}: SubmitOptions<Input, Result>): Submit<Input, Result> {
  const t = useT();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    // The change gets its input only, not TanStack's mutation context.
    mutationFn: (input: Input) => mutationFn(input),
    onSuccess: async (result, input) => {
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await onSuccess?.(result, input);
    },
    onError,
  });
  const failed = mutation.isError
    ? typeof failureMessage === 'function'
      ? failureMessage(mutation.error)
      : failureMessage
    : undefined;
  return { ...mutation, failure: failed && t(failed) };
}
