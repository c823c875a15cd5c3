import type { ReactNode } from 'react';
import { RoleAreaLayout } from '../layout/RoleAreaLayout';
import { areaPage, type RoleArea } from '../i18n/vi';
import { PageIntro } from './PageIntro';

interface Props {
  area: RoleArea;
  path: string;
  children?: ReactNode;
}

/** A back-office page: its area's layout, its title and one line on what it is for. */
export function AreaPage({ area, path, children }: Props) {
  const page = areaPage(area, path);
  return (
    <RoleAreaLayout area={area}>
      <PageIntro title={page.title} description={page.description} />
      {children}
    </RoleAreaLayout>
  );
}
