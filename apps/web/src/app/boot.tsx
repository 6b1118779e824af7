import { createRoot, type Root } from 'react-dom/client';
import { AppConfigSchema, LocaleMessagesSchema, type AppConfig } from '@photo/contracts/app-config';
import { ERROR_REPORT_PATH } from '@photo/contracts/error-reports';
import { createErrorReporter } from '../shared/api/error-reporter';
import { callJson } from '../shared/api/http';
import { runInTurns } from '../shared/scheduling/run-in-turns';
import { nextTask } from '../shared/scheduling/next-task';
import { LoadingIndicator } from '../shared/ui/loading-indicator';
import { MessagePage } from '../shared/ui/message-page';
import { bootTexts } from './boot-texts';
import './styles/global.css';

function loadConfig() {
  // docs/product/roles.md: configuration loads before anything else, authentication included.
  return callJson(
    { url: '/config.json', method: 'GET', response: AppConfigSchema, failedAction: 'CONFIG_LOAD_FAILED' },
    createErrorReporter(ERROR_REPORT_PATH),
  );
}

function loadMessages(config: AppConfig) {
  return callJson(
    {
      url: `/locales/${encodeURIComponent(config.channel.Locale)}.json`,
      method: 'GET',
      response: LocaleMessagesSchema,
      failedAction: 'LOCALE_LOAD_FAILED',
    },
    createErrorReporter(config.errorReportUrl),
  );
}

async function boot(root: Root): Promise<void> {
  root.render(<LoadingIndicator label={bootTexts.loading} />);
  // The app's code runs while config and messages download: first, in a task of its own, its libraries
  // (decision 162; the router, queries and message formatting come in one file, decision 166).
  const app = runInTurns([
    () => import('react-router').then(({ createBrowserRouter }) => createBrowserRouter),
  ]).then(() => import('./app'));
  // The server's page has the browser fetch the current page's chunk at once (decision 161); imported
  // now, it runs while config and messages load, and the router's own import finds it done.
  app.then(({ preloadPage }) => preloadPage(window.location.pathname)).catch(() => undefined);
  try {
    const config = await loadConfig();
    const messages = loadMessages(config);
    // Awaited below; a failure while the app's code is awaited first is not an unhandled one.
    messages.catch(() => undefined);
    const { prepareApp, renderApp } = await app;
    // Each step in a task of its own: the app's code has just run, and the router's start is long too.
    await nextTask();
    // The session call starts now, while the messages may still be on their way.
    const prepared = prepareApp(config);
    const loadedMessages = await messages;
    await nextTask();
    await renderApp(root, prepared, loadedMessages);
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
