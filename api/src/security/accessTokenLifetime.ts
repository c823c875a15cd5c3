/** Lifetime of an access token: 15 minutes. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
