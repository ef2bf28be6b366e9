import { useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import { useAuth } from '@/entities/session'

interface SignOutButtonProps {
  className?: string
  children?: ReactNode
}

/** Signs out (always locally, even if the server call fails), then goes to /login. */
export const SignOutButton = ({ className, children = 'Sign Out' }: SignOutButtonProps) => {
  const { logout } = useAuth()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      onClick={async () => {
        setBusy(true)
        await logout()
        navigate('/login', { replace: true })
      }}
    >
      {children}
    </button>
  )
}
