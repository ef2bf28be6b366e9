export { FormField } from './FormField'
