export { SiteLayout } from './ui/SiteLayout'
