export { Toast, TOAST_DURATION } from './Toast'
export type { ToastType } from './Toast'
export { useToast } from './useToast'
export type { ToastNotice } from './useToast'
