const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const PARAGRAPHS = [
  'This page stands in for a page of your site. It carries the site tag exactly as your pages would, in its head, so every visit here is a real page view of this site.',
  'Open the audience overview of this site in the portal: your visit shows up within seconds. Scroll down and stay a while: time on page and scroll depth are reported when you leave or switch tabs.',
  'Core Web Vitals (LCP, INP, CLS, FCP, TTFB) are measured by the browser while the page is open and appear under Performance.',
  'The tag sets no cookie and sends nothing when your browser asks not to be tracked (Do-Not-Track or Global Privacy Control).',
];

/**
 * The demo page of a site (demo mode only): an article-like page long enough to scroll, with the
 * site's snippet in its head. Its own CSP allows only the tag's origin.
 */
export function demoPageHtml(siteName: string, scriptUrl: string): string {
  const name = escapeHtml(siteName);
  const body = Array.from({ length: 6 }, (_, i) => `<p>${escapeHtml(PARAGRAPHS[i % PARAGRAPHS.length]!)}</p>`).join('\n    ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${name} – demo page</title>
    <script async src="${escapeHtml(scriptUrl)}"></script>
    <style>
      body { font: 18px/1.6 system-ui, sans-serif; max-width: 42rem; margin: 2rem auto; padding: 0 1rem; color: #1f2933; }
      .hero { width: 100%; height: 14rem; border-radius: 8px; background: linear-gradient(135deg, #1c7ed6, #12b886); }
      .spacer { height: 60rem; }
    </style>
  </head>
  <body>
    <p><small>Demo page of ${name}</small></p>
    <h1 id="headline">Welcome to ${name}</h1>
    <div class="hero" role="img" aria-label="Illustration"></div>
    ${body}
    <div class="spacer"></div>
    <p id="end">End of the demo article.</p>
  </body>
</html>
`;
}
