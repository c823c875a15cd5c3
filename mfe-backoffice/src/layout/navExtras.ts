import type { ComponentType } from 'react';

/**
 * What a feature shows on its page's entry in the side navigation (the inbox's unread count), registered by the
 * remote's routes module: the layout shows it without entering the feature.
 */
const extras = new Map<string, ComponentType>();

export function registerNavExtra(path: string, Extra: ComponentType): void {
  extras.set(path, Extra);
}

export const navExtraOf = (path: string): ComponentType | null => extras.get(path) ?? null;
