export { UnderConstructionPage } from './ui/UnderConstructionPage'
