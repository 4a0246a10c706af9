import type { ExternalToast, toast as SonnerToast } from 'sonner';
import { TOAST_DURATION } from './constants';

/*
 * sonner and its Toaster are fetched with the first toast, not with the page: most visits never
 * show one. The shell registers how to mount its Toaster; a toast waits until it listens.
 */
let mountToaster: () => Promise<void> = () => Promise.resolve();
let ready: Promise<typeof SonnerToast> | null = null;

/** The shell mounts its one Toaster on demand; the returned promise settles once it listens. */
export function setToasterMount(mount: () => Promise<void>): void {
  mountToaster = mount;
}

function sonner(): Promise<typeof SonnerToast> {
  ready ??= Promise.all([import('sonner'), mountToaster()])
    .then(([mod]) => mod.toast)
    .catch((error: unknown) => {
      ready = null; // the next toast tries again
      throw error;
    });
  return ready;
}

function show(call: (toast: typeof SonnerToast) => unknown): void {
  sonner()
    .then(call)
    .catch((error: unknown) => console.warn('Could not show a notification.', error));
}

/**
 * One toast API for shell and remotes, one look (each kind with its icon), with the product's default timings: error and plain 4 s,
 * success 2 s, loading until dismissed. sonner is a federated singleton, so the shell's one Toaster
 * shows every toast.
 */
export const toast = {
  // A plain message is an info toast: with its icon and colours it looks like every other toast.
  message: (text: string, options?: ExternalToast) => show((t) => t.info(text, { duration: TOAST_DURATION.plain, ...options })),
  success: (text: string, options?: ExternalToast) =>
    show((t) => t.success(text, { duration: TOAST_DURATION.success, ...options })),
  error: (text: string, options?: ExternalToast) => show((t) => t.error(text, { duration: TOAST_DURATION.error, ...options })),
  warning: (text: string, options?: ExternalToast) =>
    show((t) => t.warning(text, { duration: TOAST_DURATION.plain, ...options })),
  loading: (text: string, options?: ExternalToast) => show((t) => t.loading(text, { duration: Infinity, ...options })),
  dismiss: (id?: string | number) => show((t) => t.dismiss(id)),
};
