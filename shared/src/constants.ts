/**
 * Business constants from the specification that several packages use (the toaster the shell
 * mounts, the toasts the remotes raise). A constant one front end alone uses lives in it.
 */
export const TOAST_DURATION = { error: 4000, plain: 4000, success: 2000, successLong: 5000 } as const;
