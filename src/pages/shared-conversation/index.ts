export { SharedConversationPage } from './ui/SharedConversationPage'
