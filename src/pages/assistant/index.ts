export { AssistantPage } from './ui/AssistantPage'
