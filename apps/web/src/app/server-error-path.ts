/** The address of the 500 page (in both the full app's router and the sign-in entry's). */
export const SERVER_ERROR_PATH = '/500';
