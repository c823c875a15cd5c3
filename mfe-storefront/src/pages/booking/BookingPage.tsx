import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ServicePackage } from 'shared-contracts/schemas';
import { storefrontApi } from '../../api/storefrontApi';
import { Async, Skeleton } from '../../components/Async';
import { PageIntro } from '../../components/PageIntro';
import { useAsync } from '../../hooks/useAsync';
import { usePageMeta } from '../../hooks/usePageMeta';
import { vi } from '../../i18n/vi';
import { bookingApi } from './bookingApi';
import { servicesFor, vehicleTypeOf, type BookingCatalogue } from './bookingEstimate';
import { createBookingReducer, initialBookingState, type BookingState, type WizardStep } from './bookingReducer';
import { BookingProgress } from './BookingProgress';
import { knownSymptoms } from './bookingSymptoms';
import { bookingText as t } from './bookingText';
import { CentreStep } from './steps/CentreStep';
import { ConfirmStep } from './steps/ConfirmStep';
import { DoneStep } from './steps/DoneStep';
import { NoteStep } from './steps/NoteStep';
import { ServiceStep } from './steps/ServiceStep';
import { SlotStep } from './steps/SlotStep';
import type { StepProps } from './steps/stepProps';
import { VehicleStep } from './steps/VehicleStep';
import { VerifyStep } from './steps/VerifyStep';
import { useLoggedIn } from './useLoggedIn';
import styles from './BookingPage.module.css';

/**
 * What the link asks for: /booking?service=<slug>&centre=<id>&vehicleId=<id>, and a package to use: &package=<slug>
 * (the packages page) or &packageCredit=<id> (the dashboard's credits). `service` may repeat
 * (?service=a&service=b: the services a diagnosis recommends), and so may `symptom` (?symptom=BRAKE_NOISE&…: the
 * symptoms of a diagnosis, ticked in step 5; codes outside the vocabulary are ignored). &recall=<campaign id> ("Đặt
 * lịch khắc phục" on "Xe của tôi"): that recall's free remedy ticked in step 2 once the vehicle's recalls are read.
 */
interface BookingRequest {
  services: string[];
  symptoms: string[];
  centre: number | null;
  vehicleId: number | null;
  package: string | null;
  packageCredit: number | null;
  recall: number | null;
}

interface Loaded {
  catalogue: BookingCatalogue;
  packages: ServicePackage[];
}

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : null;
}

function readRequest(query: URLSearchParams): BookingRequest {
  return {
    services: [...new Set(query.getAll('service').filter((slug) => slug !== ''))],
    symptoms: knownSymptoms(query.getAll('symptom')),
    centre: positiveInt(query.get('centre')),
    vehicleId: positiveInt(query.get('vehicleId')),
    package: query.get('package'),
    packageCredit: positiveInt(query.get('packageCredit')),
    recall: positiveInt(query.get('recall')),
  };
}

async function loadCatalogue(guest: boolean, request: BookingRequest, signal: AbortSignal): Promise<Loaded> {
  const [services, centres, vehicles, credits, packages] = await Promise.all([
    storefrontApi.services(signal),
    storefrontApi.centres(signal),
    guest ? [] : bookingApi.vehicles(signal),
    // the credits are an extra: without them the customer still books services
    guest ? [] : bookingApi.packageCredits(signal).catch(() => []),
    request.package ? storefrontApi.packages(signal).catch(() => []) : [],
  ]);
  return { catalogue: { services, centres, vehicles, credits }, packages };
}

/** The wizard's first state: what the link asked for, where it exists. */
function prefilledState(guest: boolean, request: BookingRequest, { catalogue, packages }: Loaded): BookingState {
  const reducer = createBookingReducer(guest);
  const centre = catalogue.centres.find((entry) => entry.id === request.centre);
  const vehicle = catalogue.vehicles.find((entry) => entry.id === request.vehicleId);
  let state = reducer(initialBookingState, {
    type: 'prefilled',
    serviceIds: request.services.flatMap((slug) => catalogue.services.find((entry) => entry.slug === slug)?.id ?? []),
    centreId: centre?.id ?? null,
    vehicleId: vehicle?.id ?? null,
    symptoms: request.symptoms,
  });
  const packageId = packages.find((entry) => entry.slug === request.package)?.id;
  const credit = catalogue.credits.find((entry) => entry.id === request.packageCredit) ?? catalogue.credits.find((entry) => entry.packageId === packageId);
  if (credit) state = reducer(state, { type: 'packageCreditChosen', packageCreditId: credit.id });
  return state;
}

function stepHeading(step: BookingState['step']): string {
  if (step === 'verify') return t.verifyHeading;
  if (step === 'done') return t.doneHeading;
  return t.stepHeadings[step];
}

function Wizard({ guest, request, loaded }: { guest: boolean; request: BookingRequest; loaded: Loaded }) {
  const reducer = useMemo(() => createBookingReducer(guest), [guest]);
  const [state, dispatch] = useReducer(reducer, undefined, () => prefilledState(guest, request, loaded));
  const { catalogue } = loaded;
  const heading = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);

  // each new step takes the focus on its heading (not on arrival)
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    heading.current?.focus();
  }, [state.step]);

  // a vehicle of another type keeps only the services (and the credit) that type can have
  const type = vehicleTypeOf(state, catalogue);
  useEffect(() => {
    if (!type) return;
    const allowed = new Set(servicesFor(type, catalogue.services).map((service) => service.id));
    dispatch({ type: 'servicesReplaced', serviceIds: state.serviceIds.filter((id) => allowed.has(id)) });
    const credit = catalogue.credits.find((entry) => entry.id === state.packageCreditId);
    if (credit && !allowed.has(credit.serviceId)) dispatch({ type: 'packageCreditChosen', packageCreditId: null });
    // only when the type changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [type]);

  const props: StepProps = { state, dispatch, guest, catalogue };
  const unknownService = request.services.some((slug) => !catalogue.services.some((service) => service.slug === slug));
  const packageMissing = request.package !== null && !catalogue.credits.some((credit) => loaded.packages.some((entry) => entry.slug === request.package && entry.id === credit.packageId));

  return (
    <div className={styles.wizard}>
      {state.step !== 'verify' && state.step !== 'done' && <BookingProgress state={state} guest={guest} onOpen={(step: WizardStep) => dispatch({ type: 'goTo', step })} />}
      <section className={styles.panel} aria-labelledby="booking-step-heading">
        <h2 id="booking-step-heading" ref={heading} tabIndex={-1} className={styles.panelHeading}>
          {stepHeading(state.step)}
        </h2>
        {state.step === 'vehicle' && <VehicleStep {...props} />}
        {state.step === 'services' && <ServiceStep {...props} unknownService={unknownService} packageMissing={packageMissing} requestedRecall={request.recall} />}
        {state.step === 'centre' && <CentreStep {...props} />}
        {state.step === 'slot' && <SlotStep {...props} />}
        {state.step === 'note' && <NoteStep {...props} />}
        {state.step === 'confirm' && <ConfirmStep {...props} />}
        {state.step === 'verify' && <VerifyStep {...props} />}
        {state.step === 'done' && <DoneStep {...props} />}
      </section>
    </div>
  );
}

function BookingWizard({ guest }: { guest: boolean }) {
  const [query] = useSearchParams();
  // the link is read once, on arrival
  const request = useMemo(() => readRequest(query), []); // eslint-disable-line react-hooks/exhaustive-deps
  const readCatalogue = useCallback((signal: AbortSignal) => loadCatalogue(guest, request, signal), [guest, request]);
  const catalogue = useAsync(readCatalogue, {});
  return (
    <Async load={catalogue} skeleton={<Skeleton count={4} variant="line" />}>
      {(loaded) => <Wizard guest={guest} request={request} loaded={loaded} />}
    </Async>
  );
}

/**
 * /booking: the booking wizard (vehicle → services → centre → date and slot → symptoms and note → confirm), for a
 * logged-in customer or a guest (who confirms with a code sent by email). Prefilled from the link:
 * ?service=<slug>[&service=<slug>…]&centre=<id>&vehicleId=<id>&package=<slug>&packageCredit=<id>[&symptom=<code>…].
 */
export function BookingPage() {
  const booking = vi.booking;
  usePageMeta(booking.title, booking.description);
  const loggedIn = useLoggedIn();
  return (
    <>
      <PageIntro title={booking.title} description={booking.description} />
      <BookingWizard key={loggedIn ? 'customer' : 'guest'} guest={!loggedIn} />
    </>
  );
}

export default BookingPage;
