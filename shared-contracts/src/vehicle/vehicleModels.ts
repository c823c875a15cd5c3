import type { VehicleType } from '../catalogue/enumerations';

/**
 * The brand/model catalogue the vehicle forms offer (electric models common in Vietnam), by vehicle type.
 * `batteryCapacityKwh` is the usual pack of the model, offered as the form's default (the customer may
 * change it); absent when it varies too much between versions.
 */
export interface VehicleModel {
  type: VehicleType;
  brand: string;
  model: string;
  batteryCapacityKwh?: number;
}

export const VEHICLE_MODELS: readonly VehicleModel[] = [
  // Ô tô điện
  { type: 'car', brand: 'VinFast', model: 'VF 3', batteryCapacityKwh: 18.64 },
  { type: 'car', brand: 'VinFast', model: 'VF 5', batteryCapacityKwh: 37.23 },
  { type: 'car', brand: 'VinFast', model: 'VF 6', batteryCapacityKwh: 59.6 },
  { type: 'car', brand: 'VinFast', model: 'VF 7', batteryCapacityKwh: 75.3 },
  { type: 'car', brand: 'VinFast', model: 'VF 8', batteryCapacityKwh: 87.7 },
  { type: 'car', brand: 'VinFast', model: 'VF 9', batteryCapacityKwh: 123 },
  { type: 'car', brand: 'VinFast', model: 'VF e34', batteryCapacityKwh: 42 },
  { type: 'car', brand: 'BYD', model: 'Atto 3' },
  { type: 'car', brand: 'BYD', model: 'Dolphin' },
  { type: 'car', brand: 'BYD', model: 'Seal' },
  { type: 'car', brand: 'Hyundai', model: 'Ioniq 5' },
  { type: 'car', brand: 'Kia', model: 'EV6' },
  { type: 'car', brand: 'MG', model: 'MG4 EV' },
  { type: 'car', brand: 'Wuling', model: 'HongGuang MiniEV' },
  // Xe máy điện / xe tay ga điện
  { type: 'scooter', brand: 'VinFast', model: 'Klara S', batteryCapacityKwh: 3.5 },
  { type: 'scooter', brand: 'VinFast', model: 'Feliz S', batteryCapacityKwh: 3.5 },
  { type: 'scooter', brand: 'VinFast', model: 'Evo 200', batteryCapacityKwh: 3.5 },
  { type: 'scooter', brand: 'VinFast', model: 'Evo 200 Lite', batteryCapacityKwh: 3.5 },
  { type: 'scooter', brand: 'VinFast', model: 'Vento S', batteryCapacityKwh: 3.5 },
  { type: 'scooter', brand: 'VinFast', model: 'Theon S', batteryCapacityKwh: 3.5 },
  { type: 'scooter', brand: 'VinFast', model: 'Motio' },
  { type: 'scooter', brand: 'Yadea', model: 'Odora S' },
  { type: 'scooter', brand: 'Yadea', model: 'G5' },
  { type: 'scooter', brand: 'Yadea', model: 'Xmen Neo' },
  { type: 'scooter', brand: 'Yadea', model: 'Voltguard' },
  { type: 'scooter', brand: 'Yadea', model: 'Orla' },
  { type: 'scooter', brand: 'Pega', model: 'NewTech' },
  { type: 'scooter', brand: 'Pega', model: 'Aura S' },
  { type: 'scooter', brand: 'Pega', model: 'eSH' },
  { type: 'scooter', brand: 'Pega', model: 'Cap A' },
  // Mô tô điện
  { type: 'motorbike', brand: 'Dat Bike', model: 'Weaver 200' },
  { type: 'motorbike', brand: 'Dat Bike', model: 'Weaver++' },
  { type: 'motorbike', brand: 'Dat Bike', model: 'Rider' },
  { type: 'motorbike', brand: 'Dat Bike', model: 'Quantum S' },
  { type: 'motorbike', brand: 'Selex', model: 'Camel' },
];

/** Brands offered for a vehicle type, in catalogue order. */
export function vehicleBrands(type: VehicleType): string[] {
  return [...new Set(VEHICLE_MODELS.filter((entry) => entry.type === type).map((entry) => entry.brand))];
}

/** Models of a brand for a vehicle type. */
export function vehicleModelsOf(type: VehicleType, brand: string): VehicleModel[] {
  return VEHICLE_MODELS.filter((entry) => entry.type === type && entry.brand === brand);
}

/** The catalogue entry (brand and model compared exactly, as the form sends them), or undefined. */
export function findVehicleModel(type: VehicleType, brand: string, model: string): VehicleModel | undefined {
  return VEHICLE_MODELS.find((entry) => entry.type === type && entry.brand === brand && entry.model === model);
}

export function isKnownVehicleModel(type: VehicleType, brand: string, model: string): boolean {
  return findVehicleModel(type, brand, model) !== undefined;
}

export const VEHICLE_MODEL_MESSAGE = 'Vui lòng chọn hãng và mẫu xe trong danh sách.';

/** First model year accepted; the last is next year. */
export const VEHICLE_YEAR_MIN = 2010;
