import { vi } from 'vitest';

/** The viewport width the media queries see (jsdom has no layout): `max-width`/`min-width` in em. */
export function viewport(width: number): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const max = /max-width:\s*([\d.]+)em/.exec(query);
    const min = /min-width:\s*([\d.]+)em/.exec(query);
    const matches = max ? width <= Number(max[1]) * 16 : min ? width >= Number(min[1]) * 16 : false;
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    } as MediaQueryList;
  });
}
