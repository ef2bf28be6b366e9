import type { GateKind } from '@contracts/builds'

export { GATE_KINDS, type GateKind } from '@contracts/builds'
export { APPROVAL_PRIORITIES as PRIORITIES, APPROVAL_STATUSES } from '@contracts/approvals'
export type {
  ApprovalPriority as Priority,
  ApprovalStatus,
  ApprovalDecision as Decision,
  ApprovalContext,
  ApprovalFileChange,
  ApprovalBuild,
  Approval,
} from '@contracts/approvals'

/** The three permission kinds of the overview (spec section 2), one per gate. */
export const PERMISSION_KINDS: readonly { gate: GateKind; title: string; description: string }[] = [
  { gate: 'planning', title: 'Planning', description: 'System architecture and file structure, before any code is written.' },
  { gate: 'development', title: 'Development', description: 'The generated and tested code, before it is assembled.' },
  { gate: 'deployment', title: 'Deployment', description: 'The assembled project, before it is packaged and delivered.' },
]

/**
 * The action filter (spec section 2) over the server's gates. A build passes the planning gate
 * once its architecture and file structure are planned, the development gate once the code is
 * generated, and the deployment gate before delivery; so System Architecture and File Structure
 * both show planning requests, Code Generation development requests and Deployment deployment
 * requests.
 */
export const ACTION_FILTERS: readonly { id: string; label: string; gate: GateKind | null }[] = [
  { id: 'all', label: 'All Actions', gate: null },
  { id: 'code-generation', label: 'Code Generation', gate: 'development' },
  { id: 'file-structure', label: 'File Structure', gate: 'planning' },
  { id: 'system-architecture', label: 'System Architecture', gate: 'planning' },
  { id: 'deployment', label: 'Deployment', gate: 'deployment' },
]

export const GATE_LABELS: Record<GateKind, string> = { planning: 'Planning', development: 'Development', deployment: 'Deployment' }
