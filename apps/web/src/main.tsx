// First: zod must not probe eval under the CSP (see the module's comment).
import './lib/zod-csp';
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import '@mantine/core/styles.css';
import './app/global.css';
import { bootstrap } from './app/bootstrap';
import { createAppRouting } from './app/router';

void bootstrap(document.getElementById('root')!, createAppRouting);
