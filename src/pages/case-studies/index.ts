export { CaseStudiesPage } from './ui/CaseStudiesPage'
