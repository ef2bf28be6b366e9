export { UnauthorizedPage, UNAUTHORIZED_MESSAGE } from './ui/UnauthorizedPage'
