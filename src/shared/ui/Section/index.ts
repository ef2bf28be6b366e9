export { Section } from './Section'
