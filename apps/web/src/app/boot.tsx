import { createRoot, type Root } from 'react-dom/client';
import { AppConfigSchema, LocaleMessagesSchema } from '@photo/contracts/app-config';
import { ERROR_REPORT_PATH } from '@photo/contracts/error-reports';
import { createErrorReporter } from '../shared/api/error-reporter';
import { callJson } from '../shared/api/http';
import { LoadingIndicator } from '../shared/ui/loading-indicator';
import { MessagePage } from '../shared/ui/message-page';
import './styles/global.css';

/**
 * Before config and messages exist nothing can be translated: these few words are the only text not
 * from a locale file, in English like the `<html lang="en">` the page starts with.
 */
const bootTexts = {
  loading: 'Loading…',
  title: 'This page could not be loaded',
  message: 'Please check your internet connection and try again.',
  retry: 'Try again',
};

async function loadConfigAndMessages() {
  // docs/product/roles.md: configuration loads before anything else, authentication included.
  const config = await callJson(
    { url: '/config.json', method: 'GET', response: AppConfigSchema, failedAction: 'CONFIG_LOAD_FAILED' },
    createErrorReporter(ERROR_REPORT_PATH),
  );
  const messages = await callJson(
    {
      url: `/locales/${encodeURIComponent(config.channel.Locale)}.json`,
      method: 'GET',
      response: LocaleMessagesSchema,
      failedAction: 'LOCALE_LOAD_FAILED',
    },
    createErrorReporter(config.errorReportUrl),
  );
  return { config, messages };
}

async function boot(root: Root): Promise<void> {
  root.render(<LoadingIndicator label={bootTexts.loading} />);
  // The app's code (router, queries, message formatting) downloads while config and messages do.
  const app = import('./app');
  try {
    const [{ renderApp }, loaded] = await Promise.all([app, loadConfigAndMessages()]);
    renderApp(root, loaded);
  } catch {
    // A failed call has been reported; all the customer can do is try again.
    root.render(
      <MessagePage
        title={bootTexts.title}
        message={bootTexts.message}
        actions={
          <button type="button" className="button" onClick={() => void boot(root)}>
            {bootTexts.retry}
          </button>
        }
      />,
    );
  }
}

/** Boots the account area into `container`: config first, then messages, then the app. */
export function startApp(container: HTMLElement): Root {
  const root = createRoot(container);
  void boot(root);
  return root;
}
