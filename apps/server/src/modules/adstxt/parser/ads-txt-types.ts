// Moved to packages/contracts so the web editor validates with the same parser; kept for server imports.
export * from '@pc/contracts/adstxt-parser/ads-txt-types';
