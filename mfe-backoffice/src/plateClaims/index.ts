// Plate claims on /staff/customers: a customer's claim to a plate another account holds (decision 0035).
export { PlateClaims } from './PlateClaims';
