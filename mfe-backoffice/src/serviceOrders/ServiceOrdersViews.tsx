import { Link, useSearchParams } from 'react-router-dom';
import { PartsDeskList } from '../partsDesk/PartsDeskList';
import { partsDeskText } from '../partsDesk/partsDeskText';
import styles from '../partsDesk/PartsDesk.module.css';
import { ServiceOrderBoard } from './ServiceOrderBoard';

const t = partsDeskText.views;

/** The parts desk's list inside /staff/service-orders: ?view=parts-desk. */
export const PARTS_DESK_VIEW = 'parts-desk';
export const partsDeskLink = `/staff/service-orders?view=${PARTS_DESK_VIEW}`;

/**
 * /staff/service-orders: the board (default), or the centre's parts desk (?view=parts-desk). A request's order
 * link goes back to the board with that order's drawer open (?order=<id>).
 */
export function ServiceOrdersViews() {
  const [params] = useSearchParams();
  const desk = params.get('view') === PARTS_DESK_VIEW;
  return (
    <>
      <nav aria-label={t.label}>
        <ul className={styles.tabs}>
          <li>
            <Link to="/staff/service-orders" className={styles.tab} aria-current={desk ? undefined : 'page'}>
              {t.board}
            </Link>
          </li>
          <li>
            <Link to={partsDeskLink} className={styles.tab} aria-current={desk ? 'page' : undefined}>
              {t.desk}
            </Link>
          </li>
        </ul>
      </nav>
      {desk ? <PartsDeskList /> : <ServiceOrderBoard />}
    </>
  );
}
