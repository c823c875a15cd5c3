import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatVnd } from 'shared-contracts';
import { VEHICLE_TYPE_LABELS } from '../../../i18n/catalogueLabels';
import { formatDuration } from '../bookingCalendar';
import { chosenCredit, servicesFor, vehicleTypeOf } from '../bookingEstimate';
import { bookingText as t } from '../bookingText';
import { StepActions } from '../BookingFields';
import styles from '../BookingPage.module.css';
import { RecallOffer } from './RecallOffer';
import type { StepProps } from './stepProps';

interface ServiceStepProps extends StepProps {
  /** the link asked for a service that does not exist (?service=<unknown slug>) */
  unknownService: boolean;
  /** the link asked for a package (?package=<slug>) the customer has no credit of */
  packageMissing: boolean;
  /** the recall campaign the link asked for (?recall=<id>), or null */
  requestedRecall?: number | null;
}

/** Step 2. The services for the vehicle's type and, for a customer, a package credit to use instead of paying. */
export function ServiceStep({ state, dispatch, catalogue, unknownService, packageMissing, requestedRecall = null }: ServiceStepProps) {
  const [attempted, setAttempted] = useState(false);
  const type = vehicleTypeOf(state, catalogue);
  const services = servicesFor(type, catalogue.services);
  const credit = chosenCredit(state, catalogue);
  const usableCredits = catalogue.credits.filter((entry) => services.some((service) => service.id === entry.serviceId));
  const nothing = state.serviceIds.length === 0 && state.packageCreditId === null && state.recalls.length === 0;
  const missing = attempted && nothing;

  const onNext = () => {
    if (nothing) {
      setAttempted(true);
      return;
    }
    dispatch({ type: 'next' });
  };

  return (
    <div className={styles.wizard}>
      {unknownService && <p className={styles.muted}>{t.unknownService}</p>}
      {packageMissing && (
        <p className={styles.muted}>
          {t.packageRequested} <Link to="/packages">{t.packagesLink}</Link>
        </p>
      )}
      {state.vehicle?.kind === 'saved' && <RecallOffer vehicleId={state.vehicle.vehicleId} state={state} dispatch={dispatch} requested={requestedRecall} />}
      {usableCredits.length > 0 && (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t.packageLegend}</legend>
          <ul className={styles.options}>
            <li>
              <label className={styles.option}>
                <input type="radio" name="packageCredit" checked={state.packageCreditId === null} onChange={() => dispatch({ type: 'packageCreditChosen', packageCreditId: null })} />
                <span className={styles.optionText}>
                  <span className={styles.optionTitle}>{t.noPackage}</span>
                </span>
              </label>
            </li>
            {usableCredits.map((entry) => (
              <li key={entry.id}>
                <label className={styles.option}>
                  <input
                    type="radio"
                    name="packageCredit"
                    checked={state.packageCreditId === entry.id}
                    onChange={() => dispatch({ type: 'packageCreditChosen', packageCreditId: entry.id })}
                  />
                  <span className={styles.optionText}>
                    <span className={styles.optionTitle}>{t.packageOption(entry.packageName, entry.serviceName)}</span>
                    <span className={styles.muted}>{t.packageRemaining(entry.remaining, formatDate(entry.expiresAt))}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <fieldset className={styles.fieldset} aria-describedby={missing ? 'booking-services-error' : undefined}>
        <legend className={styles.legend}>{t.servicesLegend}</legend>
        {type && <p className={styles.muted}>{t.servicesForType(VEHICLE_TYPE_LABELS[type])}</p>}
        <ul className={styles.options}>
          {services.map((service) => {
            const inPackage = credit?.serviceId === service.id;
            return (
              <li key={service.id}>
                <label className={styles.option}>
                  <input
                    type="checkbox"
                    name="service"
                    value={service.slug}
                    checked={inPackage || state.serviceIds.includes(service.id)}
                    disabled={inPackage}
                    onChange={() => dispatch({ type: 'serviceToggled', serviceId: service.id })}
                    aria-invalid={missing ? true : undefined}
                  />
                  <span className={styles.optionText}>
                    <span className={styles.optionTitle}>{service.name}</span>
                    <span className={styles.muted}>
                      {inPackage ? `${t.includedInPackage} · ${formatDuration(service.durationMinutes)}` : t.serviceFacts(formatVnd(service.price), formatDuration(service.durationMinutes))}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        {missing && (
          <p id="booking-services-error" className={styles.error} role="alert">
            {t.chooseService}
          </p>
        )}
      </fieldset>
      <StepActions onBack={() => dispatch({ type: 'back' })}>
        <button type="button" className={styles.primary} onClick={onNext}>
          {t.next}
        </button>
      </StepActions>
    </div>
  );
}
