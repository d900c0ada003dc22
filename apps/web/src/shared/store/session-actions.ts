import { createAction } from '@reduxjs/toolkit';

/**
 * The API client ended the session (401, or a dead token). Dispatched by the app shell; lazily
 * loaded slices that hold member data forget it. An action, not an import, so the shell does not
 * pull member code into the first load.
 */
export const sessionEnded = createAction('session/ended');
