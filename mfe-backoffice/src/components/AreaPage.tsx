import type { ReactNode } from 'react';
import { RoleAreaLayout } from '../layout/RoleAreaLayout';
import { areaPage, type RoleArea } from '../i18n/vi';
import { PageIntro } from './PageIntro';

interface Props {
  area: RoleArea;
  path: string;
  /** The area whose navigation frames it, when another area's navigation lists the page too (default `area`). */
  frame?: RoleArea;
  children?: ReactNode;
}

/** A back-office page: its area's layout, its title and one line on what it is for. */
export function AreaPage({ area, path, frame = area, children }: Props) {
  const page = areaPage(area, path);
  return (
    <RoleAreaLayout area={frame}>
      <PageIntro title={page.title} description={page.description} />
      {children}
    </RoleAreaLayout>
  );
}
