export { CareersPage } from './ui/CareersPage'
export { careersPaths } from './model/jobs'
