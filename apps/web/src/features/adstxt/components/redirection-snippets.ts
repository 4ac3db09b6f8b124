import type { AdsFileName } from '@pc/contracts';

/** The web servers the redirection guide covers (docs/product.md#areas plus WordPress). */
export const GUIDE_SERVERS = ['apache', 'nginx', 'cloudflare', 'wordpress'] as const;
export type GuideServer = (typeof GUIDE_SERVERS)[number];

export interface GuideStep {
  text: string;
  /** Exact text to paste, when the step has any. */
  snippet?: string;
}

export const serverLabel: Record<GuideServer, string> = {
  apache: 'Apache',
  nginx: 'Nginx',
  cloudflare: 'Cloudflare',
  wordpress: 'WordPress',
};

/**
 * The steps per server, built with the domain's own hosted URL so the publisher can paste them as
 * they are. A 301 straight to the hosted file is one hop off the root domain: the most the IAB
 * ads.txt redirect rules allow, so no step may add another hop.
 */
export function guideSteps(server: GuideServer, domain: string, hostedUrl: string, file: AdsFileName = 'ads.txt'): GuideStep[] {
  const apacheLine = `Redirect 301 /${file} ${hostedUrl}`;
  switch (server) {
    case 'apache':
      return [
        { text: `Remove or rename the ${file} file in the document root of ${domain}.` },
        { text: 'Add this line to the site’s .htaccess file or its <VirtualHost> block (mod_alias):', snippet: apacheLine },
        { text: 'Reload Apache if you changed the virtual host, then press Verify below.' },
      ];
    case 'nginx':
      return [
        { text: `In the server block for ${domain}, add:`, snippet: `location = /${file} { return 301 ${hostedUrl}; }` },
        { text: 'Check and reload the configuration:', snippet: 'nginx -t && nginx -s reload' },
        { text: 'Press Verify below.' },
      ];
    case 'cloudflare':
      return [
        { text: `In the Cloudflare dashboard open ${domain}, then Rules › Redirect Rules › Create rule.` },
        {
          text: 'Choose "Custom filter expression" and enter:',
          snippet: `(http.host eq "${domain}" and http.request.uri.path eq "/${file}")`,
        },
        { text: 'Then: type Static, status code 301, preserve query string off, URL:', snippet: hostedUrl },
        { text: 'Deploy the rule, then press Verify below.' },
      ];
    case 'wordpress':
      return [
        {
          text: `Turn off any plugin that writes ${file} (for example an "Ads.txt Manager" plugin) and delete ${file} from the WordPress folder.`,
        },
        {
          text: `With a redirect plugin such as "Redirection": add a 301 redirect with source URL /${file} and target URL:`,
          snippet: hostedUrl,
        },
        { text: 'Or, without a plugin, add this line above "# BEGIN WordPress" in the .htaccess file:', snippet: apacheLine },
        { text: 'Clear any page cache, then press Verify below.' },
      ];
  }
}
