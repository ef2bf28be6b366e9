export { authToken } from './authToken'
