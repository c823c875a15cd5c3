export { ManagerPartsDemand } from './ManagerPartsDemand';
