export { Spinner } from './Spinner'
