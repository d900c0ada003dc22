/// <reference types="vite/client" />

/** True in the mobile-app build (`vite build --mode app`): hash routing, addresses from storage. */
declare const __KJ_APP_BUILD__: boolean;
