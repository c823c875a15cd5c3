import { useView, ViewTabs, type ViewTab } from '../components/ViewTabs';
import { PartsDeskList } from '../partsDesk';
import { ServiceOrderBoard } from './ServiceOrderBoard';
import { serviceOrdersText } from './serviceOrdersText';

const t = serviceOrdersText.views;

/** The parts desk's list inside /staff/service-orders: ?view=parts-desk. */
export const PARTS_DESK_VIEW = 'parts-desk';

const VIEWS: readonly ViewTab<'board' | typeof PARTS_DESK_VIEW>[] = [
  { key: 'board', label: t.board },
  { key: PARTS_DESK_VIEW, label: t.desk },
];

/**
 * /staff/service-orders: the board (default), or the centre's parts desk (?view=parts-desk). A request's order
 * link goes back to the board with that order's drawer open (?order=<id>).
 */
export function ServiceOrdersViews() {
  const view = useView(VIEWS);
  return (
    <>
      <ViewTabs path="/staff/service-orders" label={t.label} tabs={VIEWS} current={view} />
      {view === PARTS_DESK_VIEW ? <PartsDeskList /> : <ServiceOrderBoard />}
    </>
  );
}
