import type { ComponentType } from 'react';

/** One page a remote provides for a path of the route table. */
export interface RemotePage {
  path: string;
  /** Vietnamese page title, also used for document.title */
  title: string;
  Component: ComponentType;
}

/** The shape of every remote's exposed `./routes` module. */
export interface RemoteRoutesModule {
  pages: RemotePage[];
}

export function isRemoteRoutesModule(value: unknown): value is RemoteRoutesModule {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as RemoteRoutesModule).pages) &&
    (value as RemoteRoutesModule).pages.every((page) => typeof page.path === 'string' && page.Component != null)
  );
}
