import { parseAdsTxt, type AdsTxtProblemItem } from '@pc/contracts';

/** The same IAB ads.txt 1.1 parser the server saves with, so the editor's verdict matches it. */
export function validateAdsTxt(text: string): AdsTxtProblemItem[] {
  return parseAdsTxt(text).problems;
}
