// The vehicle rules (licence plates, VIN, the reference models' names and matching): pure and zod-free. Imported as
// 'shared-contracts/vehicle' by the pages that need them (bundled into their lazy chunks), and re-exported by
// 'shared-contracts/schemas' for the API, so they stay out of the root module, which every page loads first.
export * from './licensePlate';
export * from './vin';
export * from './vehicleModels';
export * from './modelReference';
export * from './batteryHealth';
