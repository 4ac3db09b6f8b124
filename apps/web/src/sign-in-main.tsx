// The light entry of the signed-out pages (the server sends sign-in.html for
// /login, /forgot and /accept-invitation). The same bootstrap and page components as main.tsx, but
// a router with the signed-out pages only and the stylesheets of the Mantine components they use
// instead of Mantine's whole stylesheet, so a first visit paints after a fraction of the bytes.
// First: zod must not probe eval under the CSP (see the module's comment).
import './lib/zod-csp';
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import './app/sign-in-styles';
import './app/global.css';
import { bootstrap } from './app/bootstrap';
import { createSignInRouting } from './app/sign-in-router';

void bootstrap(document.getElementById('root')!, createSignInRouting);
