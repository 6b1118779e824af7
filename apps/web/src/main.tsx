import { importInTurns } from './shared/scheduling/import-in-turns';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// What boot runs first, a library per task (decision 162); zod's settings before any schema is made.
await importInTurns([() => import('react-dom/client'), () => import('./shared/api/zod-settings')]);
const { startApp } = await import('./app/boot');
startApp(container);
