export { LoginPage } from './ui/LoginPage'
export { LOGIN_FALLBACK_ERROR } from './ui/LoginForm'
