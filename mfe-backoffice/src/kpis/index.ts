export { ManagerKpis } from './ManagerKpis';
export { MyKpis } from './MyKpis';
