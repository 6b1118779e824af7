import { showLoadFailure } from './app/load-failure';
import { warmUpIntl } from './shared/i18n/intl-warm-up';
import { runInTurns } from './shared/scheduling/run-in-turns';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// What boot runs first, a library per task (decision 162); zod's settings before any schema is made.
runInTurns([() => import('react-dom/client'), () => import('./shared/api/zod-settings')])
  .then(() => import('./app/boot'))
  .then(
    ({ startApp }) => startApp(container),
    () => showLoadFailure(container),
  );
// While those files download; the storefront's own locale is not known before the config, and need
// not be: what takes the time is readying Intl at all.
void warmUpIntl(document.documentElement.lang || undefined);
