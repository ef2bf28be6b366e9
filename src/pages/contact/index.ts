export { ContactPage } from './ui/ContactPage'
