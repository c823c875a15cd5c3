import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ROUTES, sessionStore, type Session } from 'shared-contracts';
import { Header } from '../header/Header';
import { PublicFrame } from '../layouts/PublicFrame';
import { RoleLayout, ROLE_AREA_NAMES } from '../layouts/RoleLayout';
import areaStyles from '../remote-area/RemoteArea.module.css';
import { FIRST_VIEW_PAGE_SLOT, SIGNED_IN_FRAMES_FILE, type SignedInFrames } from './firstViewMarkup';
import { PageSkeleton } from './PageSkeleton';
import '../styles/global.css';
import styles from './FirstViewFrame.module.css';

type WorkArea = keyof typeof ROLE_AREA_NAMES;

/**
 * A signed-in visitor the server does not know: no name, no picture, no token. The header and the work bar render
 * their signed-in form around it (no 'Đăng nhập', no 'Đặt lịch ngay'), with an empty place for the user.
 */
const NEUTRAL_SESSION: Session = {
  token: '',
  refreshToken: null,
  user: { id: '', fullName: '', email: '', role: 'customer', emailVerified: true, avatar: null },
};

/** The user's initials badge, empty in a signed-in first view: who it is shows when the app takes its place. */
const NEUTRAL_AVATAR = /(data-testid="header-avatar"[^>]*>)[^<]*(<\/span>)/g;

function headerInBothForms() {
  return (
    <>
      <div className={styles.desktopHeader}>
        <Header layout="desktop" />
      </div>
      <div className={styles.mobileHeader}>
        <Header layout="mobile" />
      </div>
    </>
  );
}

/** The page's slot in the live area's look, without its data-remote-area: that names the app's area, which replaces this one. */
const pageSlot = <div className={areaStyles.area} dangerouslySetInnerHTML={{ __html: FIRST_VIEW_PAGE_SLOT }} />;

function publicFrame(): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <PublicFrame header={headerInBothForms()}>{pageSlot}</PublicFrame>
    </MemoryRouter>,
  );
}

function workFrame(area: WorkArea): string {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[`/${area}`]}>
      <Routes>
        <Route path="*" element={<RoleLayout area={area} />}>
          <Route path="*" element={pageSlot} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

/** Rendered with the neutral session in the shared store, which is left as it was found (none, in the build). */
function asSignedIn(render: () => string): string {
  const before = sessionStore.current;
  sessionStore.save(NEUTRAL_SESSION);
  try {
    return render().replace(NEUTRAL_AVATAR, '$1$2');
  } finally {
    if (before) sessionStore.save(before);
    else sessionStore.clear();
  }
}

/**
 * The shell's part of the first view (scripts/webpack/createFirstViewConfig.mts): the public frame as a guest sees
 * it (header in both forms, footer) around the slot the page's remote fills, in the markup the live app renders;
 * and, for the pages a signed-in visitor opens (the account's pages, the work areas), the frame in its signed-in form,
 * with SIGNED_IN_FRAMES_FILE naming the frame of each route and the skeleton its slot shows when the page's remote
 * gives no first view of the page.
 */
export function renderFirstView(): Record<string, string> {
  const files: Record<string, string> = { 'frame.html': publicFrame() };
  const frames: SignedInFrames = {
    pages: [],
    skeletons: { public: renderToStaticMarkup(<PageSkeleton />), work: renderToStaticMarkup(<PageSkeleton work />) },
  };
  files['signed-in.html'] = asSignedIn(publicFrame);
  for (const area of Object.keys(ROLE_AREA_NAMES) as WorkArea[]) files[`work-${area}.html`] = asSignedIn(() => workFrame(area));
  for (const route of ROUTES) {
    if (route.layout === 'public' && route.owner === 'mfe_account') {
      frames.pages.push({ path: route.path, file: 'signed-in.html', remote: route.owner, skeleton: 'public' });
    } else if (route.layout !== 'public' && route.layout !== 'auth') {
      frames.pages.push({ path: route.path, file: `work-${route.layout}.html`, remote: route.owner, skeleton: 'work' });
    }
  }
  files[SIGNED_IN_FRAMES_FILE] = JSON.stringify(frames, null, 2);
  return files;
}
