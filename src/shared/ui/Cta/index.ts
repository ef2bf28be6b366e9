export { Cta } from './Cta'
