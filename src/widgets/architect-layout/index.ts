export { ArchitectLayout } from './ui/ArchitectLayout'
export { ARCHITECT_SECTIONS } from './config/sections'
