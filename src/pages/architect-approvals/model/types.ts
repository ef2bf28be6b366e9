/** The server's gate kinds: where a build waits for a staff decision (D8). */
export const GATE_KINDS = ['planning', 'development', 'deployment'] as const
export type GateKind = (typeof GATE_KINDS)[number]

export const PRIORITIES = ['Critical', 'High', 'Medium', 'Low'] as const
export type Priority = (typeof PRIORITIES)[number]

export const APPROVAL_STATUSES = ['pending', 'approved', 'denied', 'expired', 'cancelled'] as const
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number]

export type Decision = 'approve' | 'deny'

/** What the build had produced when it reached the gate (More Details). */
export interface ApprovalContext {
  request: string
  kind: string | null
  name: string | null
  /** The stage the build starts once approved. */
  stage: string
  details: string[]
}

/** The build a request belongs to, as it is now. */
export interface ApprovalBuild {
  id: string
  sessionId: string
  status: 'running' | 'completed' | 'error'
  stage: string
  percentage: number
  message: string
}

export interface Approval {
  id: string
  title: string
  description: string
  category: GateKind
  priority: Priority
  /** ISO date-time the request was raised. */
  timestamp: string
  status: ApprovalStatus
  decidedAt: string | null
  decidedBy: { email: string } | null
  context: ApprovalContext
  /** Null for a request no build waits on (the sample). */
  build: ApprovalBuild | null
}

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
