import type { Kysely, Transaction } from 'kysely';
import { ERROR_CODES, foldVietnamese, formatCalendarDate, ROLE_LABELS, vietnamClockOf, vietnamDateOf, type ConversationSide, type ConversationSubjectKind } from 'shared-contracts/schemas';
import type { Config } from '../../config';
import type { ConversationRow } from '../../db/conversationSchema';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { activeCentreOf, assertInScope, type CentreScope } from '../../security/centreScope';
import { shippingCentreId } from '../orders';
import { conversationMessages as messages } from './conversationMessages';

export type Db = Kysely<Database> | Transaction<Database>;

/** Who asks: a customer (their own threads) or someone of a centre (its threads; a technician: the cars they work on). */
export type Viewer = { side: 'customer'; userId: number } | { side: 'centre'; userId: number; scope: CentreScope };

export const sideOf = (viewer: Viewer): ConversationSide => viewer.side;
export const notFound = () => AppError.notFound(messages.notFound);

/** The viewer of a signed-in user of any role (the photos' route): null when staff have no centre. */
export async function viewerOfRole(db: Db, userId: number, role: CentreScope['role']): Promise<Viewer | null> {
  if (role === 'customer') return { side: 'customer', userId };
  if (role === 'admin') return { side: 'centre', userId, scope: { userId, role, centreId: null } };
  const centreId = await activeCentreOf(db as Kysely<Database>, userId);
  return centreId === null ? null : { side: 'centre', userId, scope: { userId, role, centreId } };
}

/** Whether `technicianId` works on the service order of `appointmentId`. */
async function worksOn(db: Db, technicianId: number, appointmentId: number): Promise<boolean> {
  const row = await db
    .selectFrom('service_orders')
    .select('id')
    .where('appointment_id', '=', appointmentId)
    .where('technician_id', '=', technicianId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the viewer may see the thread (a customer's own; the centre's, a technician's car's). */
export async function canSee(db: Db, viewer: Viewer, row: Pick<ConversationRow, 'customer_id' | 'centre_id' | 'appointment_id'>): Promise<boolean> {
  if (viewer.side === 'customer') return row.customer_id === viewer.userId;
  if (viewer.scope.centreId !== null && viewer.scope.centreId !== row.centre_id) return false;
  if (viewer.scope.role === 'technician') return row.appointment_id !== null && (await worksOn(db, viewer.userId, row.appointment_id));
  return true;
}

/** The thread, if it exists and the viewer may see it (else 404, as a missing one: ids guessed tell nothing). */
export async function threadFor(db: Db, viewer: Viewer, id: number): Promise<ConversationRow> {
  const row = await db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !(await canSee(db, viewer, row))) throw notFound();
  return row;
}

/** What a thread's subject says: its centre, customer and technician, and what it is called. */
export interface SubjectFacts {
  kind: ConversationSubjectKind;
  id: number;
  centreId: number;
  customerId: number | null;
  customerName: string;
  appointmentId: number | null;
  technicianId: number | null;
  label: string;
  search: string;
}

/** "27/11/2026 09:00" (Asia/Ho_Chi_Minh, the calendar module's). */
function vietnamDateTime(value: Date | string): string {
  return `${formatCalendarDate(vietnamDateOf(value))} ${vietnamClockOf(value)}`;
}

const folded = (...parts: (string | null | undefined)[]) => foldVietnamese(parts.filter((part) => part).join(' '));

/**
 * The subject's facts, or null when there is none. A web order's centre is the one whose web-order desk handles it
 * (orders.desk_centre_id: the pick-up centre, or the centre that ships), else the shipping centre.
 */
export async function subjectFacts(db: Db, config: Pick<Config, 'shippingCentreId'>, kind: ConversationSubjectKind, id: number): Promise<SubjectFacts | null> {
  if (kind === 'appointment') {
    const row = await db
      .selectFrom('appointments as a')
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .leftJoin('service_orders as so', 'so.appointment_id', 'a.id')
      .select(['a.id', 'a.code', 'a.centre_id', 'a.user_id', 'a.starts_at', 'a.license_plate', 'a.contact_name', 'a.contact_phone', 'u.full_name', 'u.phone_number', 'so.technician_id', 'so.code as order_code'])
      .where('a.id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const name = row.full_name ?? row.contact_name;
    return {
      kind,
      id,
      centreId: row.centre_id,
      customerId: row.user_id,
      customerName: name,
      appointmentId: row.id,
      technicianId: row.technician_id ?? null,
      label: `Lịch hẹn ${vietnamDateTime(row.starts_at)} · ${row.license_plate}`,
      search: folded(name, row.phone_number, row.contact_phone, row.license_plate, row.code, row.order_code),
    };
  }
  if (kind === 'service_order') {
    const row = await db
      .selectFrom('service_orders as so')
      .innerJoin('appointments as a', 'a.id', 'so.appointment_id')
      .leftJoin('users as u', 'u.id', 'so.user_id')
      .select(['so.id', 'so.code', 'so.centre_id', 'so.user_id', 'so.license_plate', 'so.technician_id', 'a.id as appointment_id', 'a.code as appointment_code', 'a.contact_name', 'a.contact_phone', 'u.full_name', 'u.phone_number'])
      .where('so.id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const name = row.full_name ?? row.contact_name;
    return {
      kind,
      id,
      centreId: row.centre_id,
      customerId: row.user_id,
      customerName: name,
      appointmentId: row.appointment_id,
      technicianId: row.technician_id,
      label: `Phiếu dịch vụ ${row.code} · ${row.license_plate}`,
      search: folded(name, row.phone_number, row.contact_phone, row.license_plate, row.code, row.appointment_code),
    };
  }
  const row = await db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.id', 'o.code', 'o.user_id', 'o.desk_centre_id', 'o.phone', 'o.recipient_name', 'u.full_name', 'u.phone_number'])
    .where('o.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const centreId = row.desk_centre_id ?? (await shippingCentreId(db as Kysely<Database>, config));
  if (centreId === null) return null;
  return {
    kind,
    id,
    centreId,
    customerId: row.user_id,
    customerName: row.full_name,
    appointmentId: null,
    technicianId: null,
    label: `Đơn hàng ${row.code}`,
    search: folded(row.full_name, row.recipient_name, row.phone_number, row.phone, row.code),
  };
}

/**
 * The subject's facts when the viewer may open its thread: a customer their own subject; the centre's people a
 * subject of their centre (a technician: the car they work on). Otherwise 404; a guest's booking 422.
 */
export async function openableSubject(db: Db, config: Pick<Config, 'shippingCentreId'>, viewer: Viewer, kind: ConversationSubjectKind, id: number): Promise<SubjectFacts & { customerId: number }> {
  const facts = await subjectFacts(db, config, kind, id);
  const subjectNotFound = () => AppError.notFound(messages.subjectNotFound);
  if (!facts) throw subjectNotFound();
  if (viewer.side === 'customer') {
    if (facts.customerId !== viewer.userId) throw subjectNotFound();
  } else {
    if (viewer.scope.centreId !== null && viewer.scope.centreId !== facts.centreId) throw subjectNotFound();
    assertInScope(viewer.scope, facts.centreId);
    if (viewer.scope.role === 'technician' && facts.technicianId !== viewer.userId) throw subjectNotFound();
  }
  if (facts.customerId === null) throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, messages.guestSubject, [{ field: 'subject', message: messages.guestSubject }]);
  return { ...facts, customerId: facts.customerId };
}

/** The author's name as a message shows it: the customer's name; someone of the centre with their role. */
export async function authorNameOf(db: Db, viewer: Viewer): Promise<string> {
  const row = await db.selectFrom('users').select(['full_name', 'role']).where('id', '=', viewer.userId).executeTakeFirstOrThrow();
  const name = row.full_name.trim() || 'Khách hàng';
  return viewer.side === 'customer' ? name : `${name} · ${ROLE_LABELS[row.role]}`;
}
