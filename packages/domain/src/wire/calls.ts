// Paths both ends must agree on that no schema describes; no imports, so the web app's entry
// takes this file alone (http.ts would bring its TypeBox schemas along).
/**
 * The call (under the API base) that sets the anti-forgery cookie for a client holding none:
 * pages and public reads set none (a CDN keeps them for everyone), so the web app asks here once
 * before its first state-changing call.
 */
export const XSRF_TOKEN_CALL = '/api/v2/xsrf-token';
