// QR check-in at the counter (issue 49 §4): a scanned code (USB scanner or camera) opens that appointment's check-in.
export { CameraScanButton } from './CameraScanButton';
export { checkInScanText } from './checkInScanText';
export { useCheckInScan, useRequestedCheckIn, type ScanState } from './useCheckInScan';
