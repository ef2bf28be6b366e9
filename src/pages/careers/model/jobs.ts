import careers from '@content/careers/index.md'
import developerAdvocate from '@content/careers/jobs/developer-advocate.md'
import mlEngineerEvaluation from '@content/careers/jobs/ml-engineer-evaluation.md'
import productDesignerOversight from '@content/careers/jobs/product-designer-oversight.md'
import securityEngineerSandboxing from '@content/careers/jobs/security-engineer-sandboxing.md'
import seniorAgentSystemsEngineer from '@content/careers/jobs/senior-agent-systems-engineer.md'
import seniorFrontendEngineerArchitectSuite from '@content/careers/jobs/senior-frontend-engineer-architect-suite.md'
import technicalWriter from '@content/careers/jobs/technical-writer.md'
import { sectionById } from '@/shared/lib/content'
import type { JobFile, JobMeta } from './types'

export interface Job extends JobMeta {
  /** Stable id, the file's name: the role's address is /careers/{id}. */
  id: string
}

const job = ({ slug, meta }: JobFile): Job => ({ id: slug, ...meta })

/** The open roles (content/careers/jobs/<id>.md), in the order the page lists them. */
export const JOBS: readonly Job[] = [
  seniorAgentSystemsEngineer,
  mlEngineerEvaluation,
  seniorFrontendEngineerArchitectSuite,
  securityEngineerSandboxing,
  productDesignerOversight,
  developerAdvocate,
  technicalWriter,
].map(job)

export const findJob = (id: string | undefined): Job | undefined => JOBS.find((candidate) => candidate.id === id)

/** The page's copy: lead, benefits, hiring steps and the prose sections. */
export const CAREERS = careers

/** A section of the page's copy by its id (`## Title {#id}` in content/careers/index.md). */
export const careersSection = (id: string) => sectionById(careers, id, 'content/careers/index.md')

/** Every role's own address. */
export const careersPaths = (): string[] => JOBS.map((role) => `/careers/${role.id}`)
