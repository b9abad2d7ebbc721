import { X } from 'lucide-react';
import toast, { ToastBar, Toaster } from 'react-hot-toast';
import { LOADING_TOAST_ID } from '../lib/notify';

/**
 * Spec 9: top right, 4000 ms, gutter 8, a dismiss button; the loading toast never expires.
 *
 * A toast never takes the pointer from what lies under it (a dialog's header, a row's link):
 * the bar lets clicks through and only its dismiss button takes them. Otherwise a pointer
 * resting on a toast both hid the control below and paused the toast (react-hot-toast pauses
 * while hovered), so the toast stayed until the pointer moved.
 */
export function Toasts() {
  return (
    <Toaster
      position="top-right"
      gutter={8}
      toastOptions={{
        duration: 4000,
        className: '!bg-surface !text-fg !border !border-line !shadow-lg !text-sm !max-w-sm',
        style: { pointerEvents: 'none' },
        loading: { duration: Infinity },
      }}
    >
      {(t) => (
        <ToastBar toast={t}>
          {({ icon, message }) => (
            <>
              {icon}
              {message}
              {t.type !== 'loading' || t.id !== LOADING_TOAST_ID ? (
                <button
                  type="button"
                  onClick={() => toast.dismiss(t.id)}
                  aria-label="Dismiss notification"
                  className="pointer-events-auto ml-1 rounded p-1 text-muted hover:bg-subtle hover:text-fg"
                >
                  <X size={14} aria-hidden />
                </button>
              ) : null}
            </>
          )}
        </ToastBar>
      )}
    </Toaster>
  );
}
