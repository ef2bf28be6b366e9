export { ResearchToolsPage } from './ui/ResearchToolsPage'
