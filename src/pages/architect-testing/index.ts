export { ArchitectTestingPage } from './ui/ArchitectTestingPage'
