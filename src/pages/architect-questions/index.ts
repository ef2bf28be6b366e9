export { ArchitectQuestionsPage } from './ui/ArchitectQuestionsPage'
