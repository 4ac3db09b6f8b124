import { useMediaQuery } from '@mantine/hooks';

/** Below about 576 px a table of several figures no longer fits: the rows show as cards. */
const PHONE_QUERY = '(max-width: 36em)';

export function usePhoneLayout(): boolean {
  const phone = useMediaQuery(PHONE_QUERY, typeof window !== 'undefined' && window.matchMedia?.(PHONE_QUERY).matches, {
    getInitialValueInEffect: false,
  });
  return phone === true;
}
