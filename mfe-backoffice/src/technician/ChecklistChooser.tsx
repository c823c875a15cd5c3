import { Link } from 'react-router-dom';
import { checklistHref } from './OrderActions';
import { technicianText } from './technicianText';
import { useTechnicianQueue } from './useTechnicianQueue';
import common from '../components/TechnicianArea.module.css';

const t = technicianText.checklist;

/** /technician/checklists without ?order=: my orders in progress, to pick one. */
export function ChecklistChooser() {
  const { state, reload } = useTechnicianQueue();
  if (state.status === 'loading') return <p className={common.muted}>{technicianText.loading}</p>;
  if (state.status === 'failed') {
    return (
      <div role="alert" className={common.notice}>
        <p>{state.message}</p>
        <div className={common.actions}>
          <button type="button" className={common.secondary} onClick={reload}>
            {technicianText.retry}
          </button>
        </div>
      </div>
    );
  }
  const inProgress = state.data.mine.filter((card) => card.status === 'IN_PROGRESS');
  return (
    <section className={common.panel} aria-labelledby="checklist-choose">
      <h2 id="checklist-choose">{t.chooseHeading}</h2>
      {inProgress.length === 0 ? (
        <>
          <p className={common.muted}>{t.chooseEmpty}</p>
          <div className={common.actions}>
            <Link to="/technician/work-queue" className={common.linkButton}>
              {t.backToQueue}
            </Link>
          </div>
        </>
      ) : (
        <ul className={common.chooser}>
          {inProgress.map((card) => (
            <li key={card.id}>
              <Link to={checklistHref(card.id)}>
                {t.openLabel(card.code, card.licensePlate)} · {card.vehicleModel} · {technicianText.order.checklistCount(card.checklist.answered, card.checklist.total)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
