import { createAction } from '@reduxjs/toolkit';

/**
 * A member signed in (login or registration stored a token). Lazily loaded slices and the query
 * cache drop what they held for whoever was signed in before.
 */
export const sessionStarted = createAction('session/started');

/**
 * The session is over: signed out, a 401, or a dead token (the one HTTP layer dispatches it).
 * Lazily loaded slices that hold member data forget it. An action, not an import, so the shell
 * does not pull member code into the first load.
 */
export const sessionEnded = createAction('session/ended');
