import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { errorMessage } from './errors.ts';

// The toast rule of the spec (part 1 §7): bottom-right, the server's error.msg, else the exception
// message, else 'Something went wrong, please try again'. Screens call these instead of building
// messages themselves.

type NotifyFn = ReturnType<typeof useNotify>;
type ToastType = 'success' | 'error' | 'warning' | 'info';

export const TOAST_ANCHOR = { vertical: 'bottom', horizontal: 'right' } as const;

function toastOptions(type: ToastType, autoHideDuration?: number) {
  return { type, anchorOrigin: TOAST_ANCHOR, ...(autoHideDuration ? { autoHideDuration } : {}) };
}

/** Shows a failure with the spec's message rule; `fallback` replaces the generic default for this screen. */
export function notifyError(notify: NotifyFn, error: unknown, fallback?: string): string {
  const message = messageFor(error, fallback);
  notify(message, toastOptions('error'));
  return message;
}

export function notifySuccess(notify: NotifyFn, message: string): void {
  notify(message, toastOptions('success'));
}

function notifyWarning(notify: NotifyFn, message: string, autoHideDuration?: number): void {
  notify(message, toastOptions('warning', autoHideDuration));
}

/** The message shown for a failure; a screen's own default (e.g. 'Something went wrong') wins over the generic one. */
export function messageFor(error: unknown, fallback?: string): string {
  const message = errorMessage(error);
  return fallback && message === errorMessage(undefined) ? fallback : message;
}

/** Hook form: `const { error, success, warning } = useToast();`. */
export function useToast() {
  const notify = useNotify();
  return {
    error: useCallback((e: unknown, fallback?: string) => notifyError(notify, e, fallback), [notify]),
    success: useCallback((message: string) => notifySuccess(notify, message), [notify]),
    warning: useCallback((message: string, ms?: number) => notifyWarning(notify, message, ms), [notify]),
  };
}
