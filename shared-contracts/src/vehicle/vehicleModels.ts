/**
 * The vehicle forms' constants. The brands and models themselves are the reference table (GET /api/vehicle-models,
 * kept by the admin under "Dòng xe"); the API matches a vehicle given without `modelId` against it.
 */

/** The API's refusal of a typed brand and model that name no active model of the vehicle's type. */
export const VEHICLE_MODEL_MESSAGE = 'Vui lòng chọn hãng và mẫu xe trong danh sách.';

/** First model year accepted; the last is next year. */
export const VEHICLE_YEAR_MIN = 2010;
