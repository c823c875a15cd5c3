import { formatVnd } from 'shared-contracts';
import { normaliseLicensePlate } from 'shared-contracts/vehicle';
import { VEHICLE_TYPE_LABELS } from '../../../i18n/catalogueLabels';
import { errorMessage } from '../../../hooks/useAsync';
import { bookingApi } from '../bookingApi';
import { formatBookingDate, formatDuration } from '../bookingCalendar';
import { appointmentInput, chosenCentre, chosenCredit, chosenServices, chosenVehicle, estimate } from '../bookingEstimate';
import type { WizardStep } from '../bookingReducer';
import { symptomLabelOf } from '../bookingSymptoms';
import { bookingText as t } from '../bookingText';
import { StepActions } from '../BookingFields';
import styles from '../BookingPage.module.css';
import type { StepProps } from './stepProps';

function EditLink({ step, onEdit, what = t.stepNames[step] }: { step: WizardStep; onEdit: (step: WizardStep) => void; what?: string }) {
  return (
    <button type="button" className={styles.link} onClick={() => onEdit(step)}>
      {t.edit(what)}
    </button>
  );
}

/** Step 6. The summary with the estimated price and duration, then POST /appointments. */
export function ConfirmStep({ state, dispatch, guest, catalogue }: StepProps) {
  const vehicle = chosenVehicle(state, catalogue);
  const draft = state.vehicle?.kind === 'new' ? state.vehicle.vehicle : null;
  const services = chosenServices(state, catalogue);
  const credit = chosenCredit(state, catalogue);
  const centre = chosenCentre(state, catalogue);
  const { price, durationMinutes } = estimate(state, catalogue);
  const edit = (step: WizardStep) => dispatch({ type: 'goTo', step });

  const submit = async () => {
    if (state.submitting) return;
    dispatch({ type: 'submitStarted' });
    try {
      const result = await bookingApi.book(appointmentInput(state, catalogue, guest));
      if (result.kind === 'booked') dispatch({ type: 'booked', appointment: result.appointment });
      else dispatch({ type: 'slotTaken', taken: { message: result.message, nextSlots: result.nextSlots } });
    } catch (error) {
      dispatch({ type: 'submitFailed', message: errorMessage(error) || t.submitFailed });
    }
  };

  return (
    <div className={styles.wizard}>
      <h3 className={styles.legend}>{t.summaryHeading}</h3>
      <dl className={styles.summary}>
        <dt>{t.summary.vehicle}</dt>
        <dd>
          {vehicle && `${vehicle.licensePlate} · ${vehicle.brand} ${vehicle.model}`}
          {draft && `${normaliseLicensePlate(draft.licensePlate, draft.type || undefined) ?? draft.licensePlate.trim()} · ${draft.brand} ${draft.model}${draft.type ? ` (${VEHICLE_TYPE_LABELS[draft.type]})` : ''}`}{' '}
          <EditLink step="vehicle" onEdit={edit} />
        </dd>
        {guest && (
          <>
            <dt>{t.summary.contact}</dt>
            <dd>
              {state.contact.fullName} · {state.contact.phone} · {state.contact.email}
            </dd>
          </>
        )}
        {credit && (
          <>
            <dt>{t.summary.package}</dt>
            <dd>
              {t.packageOption(credit.packageName, credit.serviceName)} ({t.prepaid})
            </dd>
          </>
        )}
        <dt>{t.summary.services}</dt>
        <dd>
          {(services.length > 0 || state.recalls.length > 0) && (
            <ul>
              {services.map((service) => (
                <li key={service.id}>
                  {service.name}: {formatVnd(service.price)}
                </li>
              ))}
              {state.recalls.map((recall) => (
                <li key={`recall-${recall.campaignId}`}>
                  {t.recallLine(recall.code)}: {formatVnd(0)}
                </li>
              ))}
            </ul>
          )}
          <EditLink step="services" onEdit={edit} />
        </dd>
        <dt>{t.summary.centre}</dt>
        <dd>
          {centre ? `${centre.name}, ${centre.address}` : ''} <EditLink step="centre" onEdit={edit} />
        </dd>
        <dt>{t.summary.time}</dt>
        <dd>
          {state.slot && state.date ? t.timeAt(state.slot.time, formatBookingDate(state.date)) : ''} <EditLink step="slot" onEdit={edit} />
        </dd>
        {state.symptoms.length > 0 && (
          <>
            <dt>{t.summary.symptoms}</dt>
            <dd>
              <ul>
                {state.symptoms.map((code) => (
                  <li key={code}>{symptomLabelOf(code)}</li>
                ))}
              </ul>
              <EditLink step="note" onEdit={edit} what={t.summary.symptoms} />
            </dd>
          </>
        )}
        {state.note.trim() && (
          <>
            <dt>{t.summary.note}</dt>
            <dd>{state.note.trim()}</dd>
          </>
        )}
        <dt>{t.summary.duration}</dt>
        <dd>{formatDuration(durationMinutes)}</dd>
        <dt>{t.summary.price}</dt>
        <dd className={styles.total}>{formatVnd(price)}</dd>
      </dl>
      <p className={styles.muted}>{t.priceNote}</p>
      {state.error && (
        <p className={styles.failure} role="alert">
          {state.error}
        </p>
      )}
      <StepActions onBack={() => dispatch({ type: 'back' })}>
        <button type="button" className={styles.primary} onClick={() => void submit()} disabled={state.submitting} aria-busy={state.submitting || undefined}>
          {state.submitting ? t.submitting : t.submit}
        </button>
      </StepActions>
    </div>
  );
}
