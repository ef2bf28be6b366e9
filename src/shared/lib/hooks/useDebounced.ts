import { useEffect, useState } from 'react'

/** The value once it has stayed the same for `delay` ms. */
export const useDebounced = <T>(value: T, delay: number): T => {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay)
    return () => window.clearTimeout(timer)
  }, [value, delay])
  return settled
}
