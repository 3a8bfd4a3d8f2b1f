// The sign-in and session operations (SPEC §7 "Login and session").

/** The OpenAPI tag of the sign-in calls (/jwt/…), the portal token exchange and third-party sign-in. */
export const SIGN_IN_TAG = 'Sign-in';
