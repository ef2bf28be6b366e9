import { useEffect, useState } from 'react'

/** True for the first `ms` after the component mounts: how long its skeletons show. */
export const useSkeletonDelay = (ms: number): boolean => {
  const [loading, setLoading] = useState(true)
  useEffect(() => {
    const timer = window.setTimeout(() => setLoading(false), ms)
    return () => window.clearTimeout(timer)
  }, [ms])
  return loading
}
