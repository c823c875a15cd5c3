/**
 * The component a checklist item looks at (spec predictive.md §1). The maintenance templates' items are named for
 * their component (BRAKE_PADS, TYRE_PRESSURE, …); the specialised services' templates name some of the same
 * components their own way (the brake service's PADS are the brake pads, the tyre service's PRESSURE is the tyre
 * pressure). Training, the forecast, the learned diagnosis cases and the technician's flags all key a finding by
 * its component, so the same wear is one history, not two models trained apart.
 *
 * A code not listed here is its own component (BALANCE, RIM, …).
 */
export const CHECKLIST_COMPONENT: Readonly<Record<string, string>> = {
  PADS: 'BRAKE_PADS',
  LEVER: 'BRAKE_FUNCTION',
  TREAD: 'TYRE_WEAR',
  PRESSURE: 'TYRE_PRESSURE',
  SEAL: 'CHARGE_PORT',
  CELL_VOLTAGE: 'BATTERY_SOH',
  CELL_RESISTANCE: 'BATTERY_SOH',
  CAPACITY: 'BATTERY_SOH',
  BEARINGS: 'MOTOR_NOISE',
  ERROR_CODES: 'CONTROLLER',
  CABLE: 'CHARGER_OUTPUT',
};

/** The component a checklist code looks at: its entry above, else the code itself. */
export function componentOfChecklistCode(code: string): string {
  return CHECKLIST_COMPONENT[code] ?? code;
}

/** The checklist codes that look at a component (the component's own code first). */
export function checklistCodesOf(component: string): string[] {
  return [component, ...Object.keys(CHECKLIST_COMPONENT).filter((code) => CHECKLIST_COMPONENT[code] === component)];
}
