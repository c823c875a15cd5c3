import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { Header } from '../header/Header';
import { PublicFrame } from '../layouts/PublicFrame';
import areaStyles from '../remote-area/RemoteArea.module.css';
import { FIRST_VIEW_PAGE_SLOT } from './firstViewMarkup';
import '../styles/global.css';
import styles from './FirstViewFrame.module.css';

/**
 * The shell's part of the first view (scripts/webpack/createFirstViewConfig.mts): the public frame as a guest sees
 * it (header in both forms, footer) around the slot the page's remote fills, in the markup the live app renders.
 */
export function renderFirstView(): Record<string, string> {
  const header = (
    <>
      <div className={styles.desktopHeader}>
        <Header layout="desktop" />
      </div>
      <div className={styles.mobileHeader}>
        <Header layout="mobile" />
      </div>
    </>
  );
  const frame = renderToStaticMarkup(
    <MemoryRouter>
      <PublicFrame header={header}>
        {/* the live area's look, without its data-remote-area: that names the app's area, which replaces this one */}
        <div className={areaStyles.area} dangerouslySetInnerHTML={{ __html: FIRST_VIEW_PAGE_SLOT }} />
      </PublicFrame>
    </MemoryRouter>,
  );
  return { 'frame.html': frame };
}
