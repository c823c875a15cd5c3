import type { Dispatch } from 'react';
import type { BookingCatalogue } from '../bookingEstimate';
import type { BookingAction, BookingState } from '../bookingReducer';

/** What every step of the wizard is given. */
export interface StepProps {
  state: BookingState;
  dispatch: Dispatch<BookingAction>;
  guest: boolean;
  catalogue: BookingCatalogue;
}
