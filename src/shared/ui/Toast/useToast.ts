import { useCallback, useState } from 'react'
import type { ToastType } from './Toast'

export interface ToastNotice {
  /** Changes with every notice: use it as the Toast's `key`. */
  id: number
  type: ToastType
  message: string
}

/** The one toast a component shows at a time: `showToast` replaces it, `hideToast` removes it. */
export const useToast = () => {
  const [toast, setToast] = useState<ToastNotice | null>(null)
  const showToast = useCallback(
    (type: ToastType, message: string) => setToast((current) => ({ id: (current?.id ?? 0) + 1, type, message })),
    [],
  )
  const hideToast = useCallback(() => setToast(null), [])
  return { toast, showToast, hideToast }
}
