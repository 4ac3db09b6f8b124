/** Exact validation texts (docs/product.md#validation); forms and the API share them. */
export const ValidationMessages = {
  emailRequired: 'Email is required!',
  emailInvalid: 'Email is invalid!',
  passwordRequired: 'Password is required!',
  firstNameRequired: 'First Name is required!',
  lastNameRequired: 'Last Name is required!',
  phoneInvalid: 'Phone is invalid!',
  websiteInvalid: 'Enter the website as an address, e.g. https://example.com.',
  countryInvalid: 'Choose a country from the list.',
} as const;
