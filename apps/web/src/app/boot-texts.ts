/**
 * Before config and messages exist nothing can be translated: these few words are the only text not
 * from a locale file, in English like the `<html lang="en">` the page starts with.
 */
export const bootTexts = {
  loading: 'Loading…',
  title: 'This page could not be loaded',
  message: 'Please check your internet connection and try again.',
  retry: 'Try again',
};
