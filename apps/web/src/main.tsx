import './shared/api/zod-settings';
import { startApp } from './app/boot';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
startApp(container);
