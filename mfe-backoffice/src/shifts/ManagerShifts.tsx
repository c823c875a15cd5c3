import { useState } from 'react';
import { ShiftWeekPanel } from './ShiftWeekPanel';
import { TimeEntriesPanel } from './TimeEntriesPanel';

/** /manager?view=shifts (spec back-office §7 M3, M4): the centre's shift week, then its time entries to correct. */
export function ManagerShifts() {
  const [technicians, setTechnicians] = useState<Array<{ id: number; fullName: string }>>([]);
  return (
    <>
      <ShiftWeekPanel onTechnicians={setTechnicians} />
      <TimeEntriesPanel technicians={technicians} />
    </>
  );
}
