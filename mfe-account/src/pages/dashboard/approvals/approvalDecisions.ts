import { createContext, useContext } from 'react';

/**
 * What the customer just decided on this page, by appointment: `seq` grows with every decision recorded and
 * `pending` is what is left to approve on that order. The appointment's service order panel shows the count at
 * once ('Cần bạn duyệt (n)' counts down) and fetches its order again, without waiting for the live stream.
 */
export type ApprovalDecisions = Readonly<Record<number, { seq: number; pending: number }>>;

export const ApprovalDecisionsContext = createContext<ApprovalDecisions>({});

/** The latest decision on the appointment's order, if the customer made one here. */
export function useApprovalDecision(appointmentId: number): { seq: number; pending: number } | undefined {
  return useContext(ApprovalDecisionsContext)[appointmentId];
}
