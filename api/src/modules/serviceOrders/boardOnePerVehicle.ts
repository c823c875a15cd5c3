import { boardColumnOf, boardPrecedenceOf, vietnamClockOf, type ServiceOrderCard, type StaffAppointment } from 'shared-contracts/schemas';

type SameVehicle = NonNullable<ServiceOrderCard['sameVehicle']>[number];

type Entry = { rank: number; tieBreak: number; same: SameVehicle } & ({ appointment: StaffAppointment } | { card: ServiceOrderCard });

/**
 * One card per vehicle (a vehicle checked in for its 09:00 appointment with a 10:00 one waiting, or back after an
 * order closed this morning, stood in two columns): per plate, the entry boardPrecedenceOf puts first stays and
 * the others are listed on it as `sameVehicle`. An appointment that stays only ever hides orders closed today.
 * Within a rank: the newest order on the floor, the next appointment, the last order closed. The board's order
 * of cards is kept.
 */
export function onePerVehicle(waiting: StaffAppointment[], cards: ServiceOrderCard[]): { waiting: StaffAppointment[]; orders: ServiceOrderCard[] } {
  const byPlate = new Map<string, Entry[]>();
  const add = (plate: string, entry: Entry) => byPlate.set(plate, [...(byPlate.get(plate) ?? []), entry]);
  for (const appointment of waiting) {
    const label = `Lịch hẹn ${vietnamClockOf(appointment.start)} · ${appointment.statusLabel}`;
    add(appointment.licensePlate, { rank: boardPrecedenceOf('WAITING'), tieBreak: Date.parse(appointment.start), same: { kind: 'appointment', id: appointment.id, code: appointment.code, label }, appointment });
  }
  for (const card of cards) {
    const column = boardColumnOf(card.status);
    if (column === null) continue;
    const rank = boardPrecedenceOf(column);
    add(card.licensePlate, { rank, tieBreak: -Date.parse(card.openedAt), same: { kind: 'order', id: card.id, code: card.code, label: card.statusLabel }, card });
  }

  const keptAppointments = new Set<number>();
  const keptCards = new Map<number, ServiceOrderCard>();
  for (const entries of byPlate.values()) {
    const [first, ...rest] = entries.sort((a, b) => a.rank - b.rank || a.tieBreak - b.tieBreak) as [Entry, ...Entry[]];
    if ('card' in first) keptCards.set(first.card.id, { ...first.card, sameVehicle: rest.map((entry) => entry.same) });
    else keptAppointments.add(first.appointment.id);
  }
  return {
    waiting: waiting.filter((appointment) => keptAppointments.has(appointment.id)),
    orders: cards.flatMap((card) => keptCards.get(card.id) ?? []),
  };
}
