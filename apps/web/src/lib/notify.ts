import toast from 'react-hot-toast';

/** Spec 4: the five notification kinds, and the loading toast with the fixed id that never expires. */
export const LOADING_TOAST_ID = 'loading-toast';

export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  warning: (message: string) => toast(message, { icon: '⚠️', className: 'toast-warning' }),
  info: (message: string) => toast(message, { icon: 'ℹ️', className: 'toast-info' }),
  celebrate: (message: string) => toast(message, { icon: '🎉', className: 'toast-celebrate' }),
  loading: (message: string) => toast.loading(message, { id: LOADING_TOAST_ID, duration: Infinity }),
  hideLoading: () => toast.dismiss(LOADING_TOAST_ID),
};
