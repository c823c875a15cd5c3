// The technician's parts requests (/technician/parts-request) and the part search the parts desk uses too.
export { PartSearch } from './PartSearch';
export { TechnicianPartsRequest } from './TechnicianPartsRequest';
