import { useCallback, useRef } from 'react';

/**
 * Remembers the control that opened a form and gives focus back to it when the form closes, so a
 * keyboard user carries on where they were instead of at the top of the page.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback((el: EventTarget | null) => {
    opener.current = el instanceof HTMLElement ? el : null;
  }, []);
  const restore = useCallback(() => {
    const el = opener.current;
    opener.current = null;
    // After the render that closes the form (the opener may have been hidden meanwhile).
    if (el)
      setTimeout(() => {
        if (el.isConnected) el.focus();
      }, 0);
  }, []);
  return { remember, restore };
}
