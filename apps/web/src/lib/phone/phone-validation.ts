/**
 * Stand-in for 'libphonenumber-js' in the web build (see vite.config.ts). The contracts validate
 * phones with libphonenumber-js, whose metadata is ~35 KB gzipped; the sign-in page imports the
 * same contracts module, so without this the metadata would load with /login. Here it loads only
 * when a page that validates phones calls loadPhoneValidation() (in its route loader).
 */
type Validate = (value: string) => boolean;

let validate: Validate | null = null;
let loading: Promise<void> | null = null;

export function loadPhoneValidation(): Promise<void> {
  loading ??= import('libphonenumber-js/min').then(
    (m) => {
      validate = m.isValidPhoneNumber;
    },
    (e: unknown) => {
      // Not downloaded (offline): the next call tries again instead of failing for good.
      loading = null;
      throw e;
    },
  );
  return loading;
}

export function isPhoneValidationLoaded(): boolean {
  return validate !== null;
}

/**
 * Same signature as libphonenumber-js. Before the metadata is loaded it accepts the number (the
 * server validates it again) rather than blocking the user with a wrong message.
 */
export function isValidPhoneNumber(value: string): boolean {
  if (!validate) {
    void loadPhoneValidation();
    return true;
  }
  return validate(value);
}
