import type { ComponentType } from 'react';
import { lazyComponent, type LazyComponent } from '@/client/lib/lazy-component';

export type PageModule = Promise<{ Component: ComponentType }>;

/** A page whose code is its own chunk, fetched when first shown (under a Suspense boundary). */
export type LazyPage = LazyComponent<object>;

/** `load` fetches the page's code (its styles too): lib/lazy-component.tsx. */
export const lazyPage = (load: () => PageModule): LazyPage => lazyComponent(load);
