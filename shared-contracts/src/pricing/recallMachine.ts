import { VIN_PATTERN } from '../vehicle/vin';

/**
 * Recall campaigns (issue 66 §4): a vehicle's state in a campaign, its Vietnamese labels and the one rule of which
 * moves are allowed, plus how a VIN range is compared. Plain values (no zod) for the UI and the API alike.
 *
 * AFFECTED (matched) → NOTIFIED (the owner was told) → SCHEDULED (the remedy is booked) → DONE (the work order was
 * completed) or NOT_APPLICABLE (checked: the remedy was already done or the part is not fitted). A booking may skip
 * NOTIFIED (the owner booked before the message went); a cancelled booking goes back to NOTIFIED.
 */
export const RECALL_VEHICLE_STATES = ['AFFECTED', 'NOTIFIED', 'SCHEDULED', 'DONE', 'NOT_APPLICABLE'] as const;
export type RecallVehicleState = (typeof RECALL_VEHICLE_STATES)[number];

export const RECALL_VEHICLE_STATE_LABELS: Record<RecallVehicleState, string> = {
  AFFECTED: 'Thuộc diện triệu hồi',
  NOTIFIED: 'Đã báo khách',
  SCHEDULED: 'Đã đặt lịch khắc phục',
  DONE: 'Đã khắc phục',
  NOT_APPLICABLE: 'Không áp dụng',
};

export const RECALL_CAMPAIGN_STATUSES = ['ACTIVE', 'CLOSED'] as const;
export type RecallCampaignStatus = (typeof RECALL_CAMPAIGN_STATUSES)[number];
export const RECALL_CAMPAIGN_STATUS_LABELS: Record<RecallCampaignStatus, string> = { ACTIVE: 'Đang triệu hồi', CLOSED: 'Đã đóng' };

const MOVES: Record<RecallVehicleState, readonly RecallVehicleState[]> = {
  AFFECTED: ['NOTIFIED', 'SCHEDULED', 'NOT_APPLICABLE'],
  NOTIFIED: ['SCHEDULED', 'NOT_APPLICABLE'],
  SCHEDULED: ['DONE', 'NOTIFIED', 'NOT_APPLICABLE'],
  DONE: [],
  NOT_APPLICABLE: [],
};

/** The states a vehicle may move to from `from` (DONE and NOT_APPLICABLE are final). */
export function nextRecallStates(from: RecallVehicleState): readonly RecallVehicleState[] {
  return MOVES[from];
}

export function canMoveRecallState(from: RecallVehicleState, to: RecallVehicleState): boolean {
  return MOVES[from].includes(to);
}

/** The states from which a move to `to` is allowed: the API's guarded UPDATE … WHERE state IN (…). */
export function recallStatesBefore(to: RecallVehicleState): RecallVehicleState[] {
  return RECALL_VEHICLE_STATES.filter((from) => MOVES[from].includes(to));
}

/** Still to be done for the vehicle: the flag is shown (customer's page, booking, check-in, work order). */
export const OPEN_RECALL_STATES: readonly RecallVehicleState[] = ['AFFECTED', 'NOTIFIED', 'SCHEDULED'];

export function isOpenRecallState(state: RecallVehicleState): boolean {
  return OPEN_RECALL_STATES.includes(state);
}

/**
 * A VIN range: 17 characters (ISO 3779, no I, O, Q). Its first 11 (WMI, VDS, check digit, model year, plant) name
 * the production line and must be the same at both ends; the last 6 are the line's serial number, compared as text
 * of equal length (so '000120' ≤ serial ≤ '004999'), which is the numeric order for the digits manufacturers use.
 */
export const VIN_LINE_LENGTH = 11;

export function vinLineOf(vin: string): string {
  return vin.slice(0, VIN_LINE_LENGTH);
}

export function vinSerialOf(vin: string): string {
  return vin.slice(VIN_LINE_LENGTH);
}

/** Whether the VIN is inside the range (the same line, the serial between the ends, both included). */
export function vinInRange(vin: string, from: string, to: string): boolean {
  const upper = vin.toUpperCase();
  if (!VIN_PATTERN.test(upper) || vinLineOf(upper) !== vinLineOf(from)) return false;
  const serial = vinSerialOf(upper);
  return serial >= vinSerialOf(from) && serial <= vinSerialOf(to);
}

/** The VIN list CSV an admin uploads: at most this many bytes and rows (one VIN a row, an optional header "vin"). */
export const RECALL_VIN_CSV_MAX_BYTES = 1_000_000;
export const RECALL_VIN_CSV_MAX_ROWS = 20_000;
