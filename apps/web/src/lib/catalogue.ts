import { createContext, useContext } from 'react';
import type { DashboardTile, ResolvedNode } from './web-module';

/**
 * What the app knows from every module's manifest and a module's screen may need: the menu
 * (the site map), the dashboard tiles, which entries have a built screen. The app provides it,
 * so no module imports the app shell.
 */
export interface Catalogue {
  menu: readonly ResolvedNode[];
  tiles: readonly DashboardTile[];
  isBuilt(node: ResolvedNode): boolean;
}

export const CatalogueContext = createContext<Catalogue>({ menu: [], tiles: [], isBuilt: () => false });

export const useCatalogue = (): Catalogue => useContext(CatalogueContext);
