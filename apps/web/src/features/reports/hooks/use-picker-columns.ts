import { useMediaQuery } from '@mantine/hooks';

/** Two months side by side need about 500 px; below that the range picker shows one. */
const TWO_MONTHS_QUERY = '(min-width: 36em)';

/** How many months the range pickers show side by side: one on a phone, two elsewhere. */
export function usePickerColumns(): 1 | 2 {
  const wide = useMediaQuery(TWO_MONTHS_QUERY, typeof window !== 'undefined' && window.matchMedia?.(TWO_MONTHS_QUERY).matches, {
    getInitialValueInEffect: false,
  });
  return wide === false ? 1 : 2;
}
