import { toast as sonner, type ExternalToast } from 'sonner';
import { TOAST_DURATION } from './constants';

/**
 * One toast API for shell and remotes with the product's default timings: error and plain 4 s,
 * success 2 s, loading until dismissed. sonner is a federated singleton, so the shell's one Toaster
 * shows every toast.
 */
export const toast = {
  message: (text: string, options?: ExternalToast) => sonner(text, { duration: TOAST_DURATION.plain, ...options }),
  success: (text: string, options?: ExternalToast) =>
    sonner.success(text, { duration: TOAST_DURATION.success, ...options }),
  error: (text: string, options?: ExternalToast) => sonner.error(text, { duration: TOAST_DURATION.error, ...options }),
  warning: (text: string, options?: ExternalToast) =>
    sonner.warning(text, { duration: TOAST_DURATION.plain, ...options }),
  loading: (text: string, options?: ExternalToast) => sonner.loading(text, { duration: Infinity, ...options }),
  dismiss: (id?: string | number) => sonner.dismiss(id),
};
