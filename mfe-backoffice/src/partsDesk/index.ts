// The centre's parts desk: technicians' parts requests and free part lines, on the board's drawer and its own view.
export { PartsDeskList } from './PartsDeskList';
export { PartsDeskSection } from './PartsDeskSection';
