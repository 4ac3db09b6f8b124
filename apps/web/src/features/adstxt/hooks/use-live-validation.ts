import { useEffect, useState } from 'react';
import type { AdsTxtProblemItem } from '@pc/contracts';
import { validateAdsTxt } from './validate-ads-txt';

export const LIVE_VALIDATION_DELAY_MS = 200;

/**
 * Problems of the text as the user types, recomputed after a short pause: parsing a large file
 * on every keystroke would make typing lag.
 */
export function useLiveValidation(text: string, delayMs = LIVE_VALIDATION_DELAY_MS) {
  const [state, setState] = useState(() => ({ text, problems: validateAdsTxt(text) }));
  useEffect(() => {
    if (text === state.text) return;
    const t = setTimeout(() => setState({ text, problems: validateAdsTxt(text) }), delayMs);
    return () => clearTimeout(t);
  }, [text, state.text, delayMs]);
  return { problems: state.problems as readonly AdsTxtProblemItem[], pending: text !== state.text };
}
