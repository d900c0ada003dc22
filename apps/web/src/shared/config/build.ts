/** The mobile-app variant: hash routing, service addresses from stored settings. */
export const IS_APP_BUILD: boolean = __KJ_APP_BUILD__;

export const APP_VERSION = '1.0.2';
