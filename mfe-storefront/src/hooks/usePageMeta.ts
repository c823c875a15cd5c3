import { useEffect } from 'react';
import { messages } from 'shared-contracts';

function apply(title: string, description: string): void {
  document.title = `${title} | ${messages.brand.name}`;
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = description;
}

/**
 * Sets the document title ('{title} | EV Service') and the meta description of the page being shown.
 * The shell's page area sets the route's generic title in an effect of its own that runs after this
 * one on mount, so it is applied again once the commit is over: the page's own (more precise) title wins.
 */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    let current = true;
    apply(title, description);
    void Promise.resolve().then(() => current && apply(title, description));
    return () => {
      current = false;
    };
  }, [title, description]);
}
