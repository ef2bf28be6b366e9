export { CareersPage } from './ui/CareersPage'
