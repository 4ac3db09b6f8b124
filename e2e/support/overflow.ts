import type { Page } from '@playwright/test';

/** How far the page scrolls sideways (0 when everything fits the viewport's width). */
export const sidewaysOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The elements reaching past the viewport's right edge, named for a failure message: which one overflows. */
export const pastRightEdge = (page: Page): Promise<string> =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .slice(-5)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}${e.getAttribute('data-testid') ? `[data-testid=${e.getAttribute('data-testid')}]` : ''} "${(e.textContent ?? '').trim().slice(0, 40)}" ${Math.round(e.getBoundingClientRect().width)} px`,
      )
      .join('; '),
  );
