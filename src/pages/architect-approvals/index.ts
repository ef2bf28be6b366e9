export { ArchitectApprovalsPage } from './ui/ArchitectApprovalsPage'
