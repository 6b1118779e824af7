/**
 * How long a test waits for something asynchronous to happen (Testing Library's queries and `waitFor`,
 * and `vi.waitFor`, whose own default is one second). A wait ends as soon as its condition holds, so
 * this costs nothing when the code works; it is generous because these run on two shared cores, where
 * a CI run beside them made a one-second wait fail now and then.
 */
export const ASYNC_TIMEOUT_MS = 5_000;
