import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react'
import { Link } from 'react-router-dom'
import { useAuth, type SessionUser } from '@/entities/session'
import styles from './LoginForm.module.scss'

export const LOGIN_FALLBACK_ERROR = 'Invalid email or password. Please try again.'

/** A required input under its label. */
const LabelledInput = ({ id, label, ...input }: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) => (
  <>
    <label className={styles.label} htmlFor={id}>
      {label}
    </label>
    <input id={id} className={styles.input} required {...input} />
  </>
)

interface LoginFormProps {
  onSignedIn: (user: SessionUser) => void
}

/** Email, password and Remember me; the browser checks that both fields are filled. */
export const LoginForm = ({ onSignedIn }: LoginFormProps) => {
  const { login } = useAuth()
  const id = useId()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [remember, setRemember] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSubmitting(true)
    setError(null)
    try {
      const user = await login({ email: email.trim(), password, remember })
      onSignedIn(user)
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : LOGIN_FALLBACK_ERROR)
      setSubmitting(false)
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-describedby={error ? `${id}-error` : undefined}>
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <LabelledInput
        id={`${id}-email`}
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <LabelledInput
        id={`${id}-password`}
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className={styles.row}>
        <label className={styles.checkbox}>
          <input type="checkbox" name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          Remember me
        </label>
        <Link to="/forgot-password" className={styles.forgot}>
          Forgot password?
        </Link>
      </div>
      <button type="submit" className={styles.submit} disabled={submitting}>
        {submitting ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  )
}
